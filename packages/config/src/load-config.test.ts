import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOOGLE_ID_TOKEN_JWKS_URL } from './firebase-settings';
import { ConfigError, configProblems, loadConfig, readEnv } from './load-config';
import { serverConfigSchema } from './server-config';

const load = (env: Record<string, string>) => loadConfig(serverConfigSchema, env);

describe('server configuration', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = load({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: resolve('data'),
      databaseUrl: undefined,
      migrate: 'auto',
      smtpUrl: undefined,
      mailFrom: 'HackClass <no-reply@localhost>',
      adminEmails: [],
      identity: { projectId: 'hackclass-local' },
      uploads: { imageMaxBytes: 5 * 1_048_576, fileMaxBytes: 20 * 1_048_576, filesPerLab: 10 },
      quotas: { fileBytes: 500 * 1_048_576, labs: 200, classrooms: 50 },
      teacherApproval: false,
    });
  });

  it('reads quotas and teacher approval', () => {
    const config = load({
      QUOTA_FILES_MB: '2',
      QUOTA_LABS: '3',
      QUOTA_CLASSROOMS: '4',
      TEACHER_APPROVAL: 'true',
    });
    expect(config.quotas).toEqual({ fileBytes: 2 * 1_048_576, labs: 3, classrooms: 4 });
    expect(config.teacherApproval).toBe(true);
  });

  it('asks for teacher approval by default wherever live targets run', () => {
    expect(load({}).teacherApproval).toBe(false);
    expect(load({ LABS_DRIVER: 'docker' }).teacherApproval).toBe(true);
    expect(load({ LABS_DRIVER: 'docker', TEACHER_APPROVAL: 'false' }).teacherApproval).toBe(false);
  });

  it('allows teachers no admin approved fewer invitation mails, never more than the others', () => {
    expect(load({})).toMatchObject({ invitationsPerDay: 1000, invitationsPerDayUnapproved: 50 });
    const lower = load({ INVITATIONS_PER_DAY: '20', INVITATIONS_PER_DAY_UNAPPROVED: '100' });
    expect(lower).toMatchObject({ invitationsPerDay: 20, invitationsPerDayUnapproved: 20 });
  });

  it('derives the public URL from the port and normalises admin emails', () => {
    const config = load({ PORT: '8080', ADMIN_EMAILS: ' Ada@Example.org, bob@example.org ,' });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.adminEmails).toEqual(['ada@example.org', 'bob@example.org']);
  });

  it('turns live targets off unless a driver is named, and reads their limits', () => {
    expect(load({}).labs).toMatchObject({
      driver: 'none',
      domain: 'localhost',
      bindAddress: '127.0.0.1',
      publicHost: 'localhost',
      portRange: { first: 42_000, last: 42_999 },
      diskLimit: 'auto',
      maxDiskMb: 1024,
      maxImageMb: 4096,
      pullTimeoutMinutes: 10,
      proxyRequestsPerMinute: 1200,
    });
    const labs = load({
      LABS_DRIVER: 'docker',
      PUBLIC_URL: 'https://class.school.example',
      LAB_PORT_RANGE: '50000-50099',
      LAB_MAX_CPUS: '1.5',
    }).labs;
    expect(labs).toMatchObject({
      driver: 'docker',
      publicHost: 'class.school.example',
      portRange: { first: 50_000, last: 50_099 },
      maxCpus: 1.5,
    });
  });

  it('lets teachers use only images already on the engine unless LAB_IMAGE_ALLOW lists more', () => {
    expect(load({}).labs.imageAllow).toEqual([]);
    expect(
      load({ LAB_IMAGE_ALLOW: ' registry.school.example/labs/, busybox:1.36 ,,*' }).labs.imageAllow,
    ).toEqual(['registry.school.example/labs/', 'busybox:1.36', '*']);
    expect(() => load({ LAB_IMAGE_ALLOW: 'registry.school.example/labs/*' })).toThrow(
      /LAB_IMAGE_ALLOW must be \*, image name prefixes ending in \//,
    );
  });

  it('keeps uploads in the folder on PGlite and in the database on PostgreSQL, unless told', () => {
    const postgres = { DATABASE_URL: 'postgres://app@db:5432/hackclass' };
    expect(load({}).fileStorage).toBe('folder');
    expect(load(postgres).fileStorage).toBe('database');
    expect(load({ ...postgres, FILE_STORAGE: 'folder' }).fileStorage).toBe('folder');
    expect(load({ FILE_STORAGE: 'database' }).fileStorage).toBe('database');
  });

  it('names a Firebase project with all three FIREBASE_* settings, and verifies its tokens', () => {
    const firebase = {
      FIREBASE_API_KEY: 'AIzaSyExample_key-123',
      FIREBASE_AUTH_DOMAIN: 'school-classes.firebaseapp.com',
      FIREBASE_PROJECT_ID: 'school-classes',
    };
    const config = load({ ...firebase, IDENTITY_PROJECT_ID: 'hackclass-local' });
    expect(config.firebase).toEqual({
      apiKey: 'AIzaSyExample_key-123',
      authDomain: 'school-classes.firebaseapp.com',
      projectId: 'school-classes',
      signInButtons: [],
    });
    expect(config.idTokens).toEqual({
      projectId: 'school-classes',
      jwksUrl: GOOGLE_ID_TOKEN_JWKS_URL,
      signInProviders: ['password'],
      maxTokenAgeSeconds: 600,
    });
    const jwksUrl = 'http://127.0.0.1:9999/jwks.json';
    expect(load({ ...firebase, IDENTITY_JWKS_URL: jwksUrl }).idTokens.jwksUrl).toBe(jwksUrl);
  });

  it('trusts the sign-in providers and token age set for a Firebase project, and only there', () => {
    const firebase = {
      FIREBASE_API_KEY: 'AIzaSyExample_key-123',
      FIREBASE_AUTH_DOMAIN: 'school-classes.firebaseapp.com',
      FIREBASE_PROJECT_ID: 'school-classes',
      FIREBASE_SIGN_IN_PROVIDERS: ' password, google.com ,oidc.school-sso',
      FIREBASE_MAX_TOKEN_AGE_MINUTES: '5',
    };
    expect(load(firebase).idTokens).toMatchObject({
      signInProviders: ['password', 'google.com', 'oidc.school-sso'],
      maxTokenAgeSeconds: 300,
    });
    // The project's OpenID Connect providers offered as buttons are accepted too.
    const withButtons = load({
      ...firebase,
      FIREBASE_SIGN_IN_BUTTONS: 'oidc.springfield=Springfield School, oidc.school-sso=Our = School',
    });
    expect(withButtons.firebase?.signInButtons).toEqual([
      { id: 'oidc.springfield', displayName: 'Springfield School' },
      { id: 'oidc.school-sso', displayName: 'Our = School' },
    ]);
    expect(withButtons.idTokens.signInProviders).toEqual([
      'password',
      'google.com',
      'oidc.school-sso',
      'oidc.springfield',
    ]);
    const builtIn = load({
      FIREBASE_SIGN_IN_PROVIDERS: firebase.FIREBASE_SIGN_IN_PROVIDERS,
      FIREBASE_MAX_TOKEN_AGE_MINUTES: '5',
    });
    expect(builtIn.idTokens.signInProviders).toBeUndefined();
    expect(builtIn.idTokens.maxTokenAgeSeconds).toBeUndefined();
  });

  it('verifies the built-in identity service’s tokens without a Firebase project', () => {
    const config = load({ PORT: '4000', IDENTITY_PROJECT_ID: 'my-school' });
    expect(config.firebase).toBeUndefined();
    expect(config.idTokens).toEqual({
      projectId: 'my-school',
      jwksUrl: 'http://127.0.0.1:4000/.well-known/jwks.json',
    });
  });

  it('names each FIREBASE_* setting missing beside the others', () => {
    const problems = configProblems(serverConfigSchema, { FIREBASE_PROJECT_ID: 'school-classes' });
    expect(problems.map((problem) => problem.name)).toEqual([
      'FIREBASE_API_KEY',
      'FIREBASE_AUTH_DOMAIN',
    ]);
    expect(problems[0]?.message).toBe(
      'FIREBASE_API_KEY must be set too: FIREBASE_PROJECT_ID names a Firebase project, which needs all of FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_PROJECT_ID',
    );
    expect(() => load({ FIREBASE_AUTH_DOMAIN: 'school.firebaseapp.com' })).toThrow(
      /FIREBASE_API_KEY must be set too.*FIREBASE_PROJECT_ID must be set too/,
    );
    expect(configProblems(serverConfigSchema, { FIREBASE_PROJECT_ID: 'X' })[0]?.name).toBe(
      'FIREBASE_PROJECT_ID',
    );
  });

  it('treats blank values as unset', () => {
    expect(load({ DATABASE_URL: '', PORT: ' ' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', 'PORT must be a port number from 0 to 65535 (got "abc")'],
    ['PORT', '70000', 'PORT must be a port number from 0 to 65535 (got "70000")'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL must be a URL like postgres://'],
    ['DATABASE_URL', 'not a url', 'DATABASE_URL must be a URL like postgres://'],
    ['SMTP_URL', 'http://mail', 'SMTP_URL must be a URL like smtp://'],
    ['ADMIN_EMAILS', 'root', 'ADMIN_EMAILS must be a comma-separated list'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL'],
    ['QUOTA_LABS', '0', 'QUOTA_LABS must be a whole number from 1 to 1000000'],
    ['TEACHER_APPROVAL', 'yes', 'TEACHER_APPROVAL must be true or false'],
    ['LABS_DRIVER', 'kubernetes', 'LABS_DRIVER must be none or docker'],
    ['LAB_PORT_RANGE', '43000', 'LAB_PORT_RANGE must be a port range like 42000-42999'],
    ['LAB_PORT_RANGE', '50000-40000', 'LAB_PORT_RANGE must be a range of ports from 1024'],
    ['LAB_PORT_RANGE', '80-90', 'LAB_PORT_RANGE must be a range of ports from 1024'],
    ['LAB_BIND_ADDRESS', 'localhost', 'LAB_BIND_ADDRESS must be an IP address'],
    ['LABS_DOMAIN', 'Labs.Example', 'LABS_DOMAIN must be a lower-case DNS name'],
    ['LAB_MAX_CPUS', '0', 'LAB_MAX_CPUS must be a number from 0.05 to 64'],
    ['DOCKER_HOST', '/var/run/docker.sock', 'DOCKER_HOST must be unix:///path'],
    ['LAB_SUBNET_POOL', '10.213.0.0/28', 'LAB_SUBNET_POOL must be a range of at least 256'],
    ['LAB_SUBNET_POOL', 'fd00::/64', 'LAB_SUBNET_POOL must be an IPv4 CIDR'],
    ['LABS_FIREWALL', 'on', 'LABS_FIREWALL must be auto or off'],
    ['LAB_DISK_LIMIT', 'xfs', 'LAB_DISK_LIMIT must be auto, quota, readonly or off'],
    ['LAB_MAX_DISK_MB', '0', 'LAB_MAX_DISK_MB must be a whole number from 1 to 1048576'],
    ['MIGRATE', 'never', 'MIGRATE must be auto or off'],
    ['FILE_STORAGE', 's3', 'FILE_STORAGE must be folder or database'],
    ['FIREBASE_SIGN_IN_PROVIDERS', ' , ', 'FIREBASE_SIGN_IN_PROVIDERS must be comma-separated'],
    ['FIREBASE_SIGN_IN_PROVIDERS', 'password;google', 'FIREBASE_SIGN_IN_PROVIDERS must be'],
    ['FIREBASE_SIGN_IN_BUTTONS', 'google.com=Google', 'FIREBASE_SIGN_IN_BUTTONS must be'],
    ['FIREBASE_SIGN_IN_BUTTONS', 'oidc.school', 'FIREBASE_SIGN_IN_BUTTONS must be'],
    [
      'FIREBASE_MAX_TOKEN_AGE_MINUTES',
      '61',
      'FIREBASE_MAX_TOKEN_AGE_MINUTES must be a whole number from 1 to 60',
    ],
  ])('rejects %s=%s with one line naming the variable', (name, value, message) => {
    let error: unknown;
    try {
      load({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as ConfigError).message;
    expect(text).toContain(message);
    expect(text).not.toContain('\n');
  });

  it('lists every wrong setting, not only the first, each on a line of its own', () => {
    const problems = configProblems(serverConfigSchema, {
      PORT: 'abc',
      MIGRATE: 'later',
      IDENTITY_API_KEY: 'no spaces allowed',
    });
    expect(problems).toEqual([
      { name: 'PORT', message: 'PORT must be a port number from 0 to 65535 (got "abc")' },
      { name: 'MIGRATE', message: 'MIGRATE must be auto or off (got "later")' },
      {
        name: 'IDENTITY_API_KEY',
        message: 'IDENTITY_API_KEY must be 8 to 128 letters, digits, - or _',
      },
    ]);
    expect(() => load({ PORT: 'abc', MIGRATE: 'later' })).toThrow(
      'Invalid configuration: PORT must be a port number from 0 to 65535 (got "abc"); MIGRATE must be auto or off (got "later")',
    );
  });

  it('never repeats a secret or a password from a URL', () => {
    expect(() => load({ IDENTITY_ADMIN_SECRET: 'hunter2' })).toThrow(
      /^Invalid configuration: IDENTITY_ADMIN_SECRET must be at least 32 characters$/,
    );
    expect(() => load({ DATABASE_URL: 'mysql://app:s3cret@db/x' })).toThrow(
      'DATABASE_URL must be a URL like postgres://user:password@host:5432/database (got "mysql://app:***@db/x")',
    );
  });
  it('names a bad METRICS_TOKEN without showing it, and keeps a good one', () => {
    expect(() => load({ METRICS_TOKEN: 'short secret' })).toThrow(
      /^Invalid configuration: METRICS_TOKEN must be 16 to 256 printable characters without spaces$/,
    );
    expect(load({ METRICS_TOKEN: 'a-long-enough-token-123' }).metricsToken).toBe(
      'a-long-enough-token-123',
    );
    expect(load({}).metricsToken).toBeUndefined();
  });

  it.each([
    ['true', 1],
    ['false', false],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1, fd00::/8', ['10.0.0.0/8', '127.0.0.1', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(load({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', 'proxy.example.org', '10.0.0.1/8/2'])(
    'refuses TRUST_PROXY=%s',
    (value) => {
      expect(() => load({ TRUST_PROXY: value })).toThrow(
        'TRUST_PROXY must be true, false, a number of proxy hops, or comma-separated addresses or CIDRs',
      );
    },
  );

  it('reads a .env file under the process environment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hackclass-env-'));
    const file = join(dir, '.env');
    writeFileSync(file, 'PORT=4000\nHOST=0.0.0.0\n');
    const env = readEnv({ HOST: '127.0.0.2' }, file);
    expect(load(env as Record<string, string>)).toMatchObject({ port: 4000, host: '127.0.0.2' });
  });
});
