import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { TARGET_DRIVER_NAMES } from '@hackclass/engine/drivers';
import { z } from 'zod';
import { commaList, splitCommas } from './comma-list';
import {
  firebaseSettings,
  firebaseSettingsTogether,
  GOOGLE_ID_TOKEN_JWKS_URL,
  signInButtonList,
  signInProviderList,
} from './firebase-settings';

const port = z
  .string()
  .regex(/^\d{1,5}$/, 'must be a port number from 0 to 65535')
  .transform(Number)
  .refine((value) => value <= 65_535, 'must be a port number from 0 to 65535');

function urlWithScheme(schemes: string[], example: string) {
  return z.string().refine((value) => {
    if (!URL.canParse(value)) return false;
    const { protocol, hostname } = new URL(value);
    return schemes.includes(protocol.slice(0, -1)) && hostname !== '';
  }, `must be a URL like ${example}`);
}

/** `none` (no live targets) or an engine driver's name. */
const LABS_DRIVERS = ['none', ...TARGET_DRIVER_NAMES] as const;

/** `a, b or c`. */
const spokenList = (words: readonly string[]) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

const email = z.email();

/** A LAB_IMAGE_ALLOW entry other than `*`: an image reference, or a prefix of one ending in `/`. */
const IMAGE_ALLOW_ENTRY = /^[A-Za-z0-9][A-Za-z0-9._:@/-]{0,254}$/;

const portRange = z
  .string()
  .regex(/^\d{1,5}-\d{1,5}$/, 'must be a port range like 42000-42999')
  .transform((value) => {
    const [first, last] = value.split('-').map(Number) as [number, number];
    return { first, last };
  })
  .refine(
    ({ first, last }) => first >= 1024 && last <= 65_535 && first <= last,
    'must be a range of ports from 1024 to 65535, lowest first',
  );

const decimal = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, `must be a number from ${min} to ${max}`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `must be a number from ${min} to ${max}`);

function isAddressOrCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

const positiveInt = (max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number from 1 to ${max}`)
    .transform(Number)
    .refine((value) => value >= 1 && value <= max, `must be a whole number from 1 to ${max}`);

const flag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((value) => value === 'true');

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter((item) => item !== ''),
  )
  .refine(
    (emails) => emails.every((item) => email.safeParse(item).success),
    'must be a comma-separated list of email addresses',
  );

/** The outbox's attempts and first wait when MAIL_MAX_ATTEMPTS and MAIL_RETRY_SECONDS are unset. */
export const MAIL_DELIVERY_DEFAULTS = { maxAttempts: 10, retrySeconds: 30 } as const;

/**
 * Every environment variable the server reads, with its default.
 * The README's configuration table documents the same list.
 */
export const serverConfigSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().default('127.0.0.1'),
    PUBLIC_URL: urlWithScheme(['http', 'https'], 'https://hackclass.example.org').optional(),
    DATA_DIR: z.string().default('./data'),
    MIGRATE: z.enum(['auto', 'off'], { error: 'must be auto or off' }).default('auto'),
    DATABASE_URL: urlWithScheme(
      ['postgres', 'postgresql'],
      'postgres://user:password@host:5432/database',
    ).optional(),
    FILE_STORAGE: z
      .enum(['folder', 'database'], { error: 'must be folder or database' })
      .optional(),
    SMTP_URL: urlWithScheme(['smtp', 'smtps'], 'smtp://user:password@host:587').optional(),
    MAIL_FROM: z.string().default('HackClass <no-reply@localhost>'),
    MAIL_MAX_ATTEMPTS: positiveInt(50).default(MAIL_DELIVERY_DEFAULTS.maxAttempts),
    MAIL_RETRY_SECONDS: positiveInt(86_400).default(MAIL_DELIVERY_DEFAULTS.retrySeconds),
    INVITATIONS_PER_DAY: positiveInt(100_000).default(1000),
    INVITATIONS_PER_DAY_UNAPPROVED: positiveInt(100_000).default(50),
    REDIS_URL: urlWithScheme(['redis', 'rediss'], 'redis://host:6379').optional(),
    RATE_LIMIT_PER_MINUTE: positiveInt(10_000_000).default(600),
    SIGNUP_LIMIT_PER_HOUR: positiveInt(1_000_000).default(100),
    ADMIN_EMAILS: emailList.default([]),
    IDENTITY_API_KEY: z
      .string()
      .regex(/^[\w-]{8,128}$/, 'must be 8 to 128 letters, digits, - or _')
      .default('hackclass-local-api-key'),
    IDENTITY_PROJECT_ID: z
      .string()
      .regex(/^[a-z][a-z0-9-]{3,29}$/, 'must be 4 to 30 lowercase letters, digits or -')
      .default('hackclass-local'),
    IDENTITY_ADMIN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    IDENTITY_KEY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SIGN_IN_PROVIDERS_FILE: z.string().min(1).optional(),
    IDENTITY_URL: urlWithScheme(['http', 'https'], 'http://identity:3000').optional(),
    IDENTITY_JWKS_URL: urlWithScheme(
      ['http', 'https'],
      'https://keys.example.org/jwks.json',
    ).optional(),
    ...firebaseSettings,
    FIREBASE_SIGN_IN_PROVIDERS: signInProviderList.default(['password']),
    FIREBASE_SIGN_IN_BUTTONS: signInButtonList.default([]),
    FIREBASE_MAX_TOKEN_AGE_MINUTES: positiveInt(60).default(10),
    ACCOUNT_EVENTS_POLL_SECONDS: positiveInt(3600).default(5),
    UPLOAD_IMAGE_MAX_MB: positiveInt(100).default(5),
    UPLOAD_FILE_MAX_MB: positiveInt(10_000).default(20),
    UPLOAD_FILES_PER_LAB: positiveInt(100).default(10),
    QUOTA_FILES_MB: positiveInt(10_000_000).default(500),
    QUOTA_LABS: positiveInt(1_000_000).default(200),
    QUOTA_CLASSROOMS: positiveInt(1_000_000).default(50),
    TEACHER_APPROVAL: flag.optional(),
    TRUST_PROXY: z
      .string()
      .refine(
        (value) =>
          /^(true|false|\d{1,2})$/.test(value) || splitCommas(value).every(isAddressOrCidr),
        'must be true, false, a number of proxy hops, or comma-separated addresses or CIDRs',
      )
      .transform((value): false | number | string[] => {
        if (value === 'false') return false;
        // `true` trusts the nearest proxy only: trusting every hop would let a client name its
        // own address by sending an X-Forwarded-For header of its own.
        if (value === 'true') return 1;
        if (/^\d+$/.test(value)) return Number(value);
        return splitCommas(value);
      })
      .default(false),
    LABS_DRIVER: z
      .enum(LABS_DRIVERS, { error: `must be ${spokenList(LABS_DRIVERS)}` })
      .default('none'),
    DOCKER_HOST: z
      .string()
      .regex(/^(unix|tcp|npipe):\/\/.+/, 'must be unix:///path, tcp://host:port or npipe://…')
      .optional(),
    LABS_DOMAIN: z
      .string()
      .regex(
        /^(?=.{1,200}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
        'must be a lower-case DNS name such as labs.school.example',
      )
      .default('localhost'),
    LAB_BIND_ADDRESS: z
      .string()
      .refine((value) => isIP(value) !== 0, 'must be an IP address such as 127.0.0.1')
      .default('127.0.0.1'),
    LAB_TCP_BIND_ADDRESS: z
      .string()
      .refine((value) => isIP(value) !== 0, 'must be an IP address such as 192.0.2.10')
      .optional(),
    LAB_PUBLIC_HOST: z
      .string()
      .regex(/^[A-Za-z0-9.:[\]-]{1,253}$/, 'must be a host name or IP address')
      .optional(),
    LAB_PORT_RANGE: portRange.prefault('42000-42999'),
    LAB_IMAGE_ALLOW: commaList()
      .refine(
        (entries) => entries.every((entry) => entry === '*' || IMAGE_ALLOW_ENTRY.test(entry)),
        'must be *, image name prefixes ending in / (registry.school.example/labs/) or image references, comma-separated',
      )
      .default([]),
    LAB_SUBNET_POOL: z
      .string()
      .refine(
        (value) => isAddressOrCidr(value) && isIP(value.split('/')[0] ?? '') === 4,
        'must be an IPv4 CIDR such as 10.213.0.0/16',
      )
      .refine(
        (value) => Number(value.split('/')[1] ?? 32) <= 24,
        'must be a range of at least 256 addresses (/24 or wider)',
      )
      .default('10.213.0.0/16'),
    LABS_FIREWALL: z.enum(['auto', 'off'], { error: 'must be auto or off' }).default('auto'),
    LAB_ALLOW_OUTBOUND: flag.default(false),
    LAB_OUTBOUND_ALLOW: commaList()
      .refine(
        (networks) =>
          networks.every(
            (network) => isAddressOrCidr(network) && isIP(network.split('/')[0] ?? '') === 4,
          ),
        'must be IPv4 addresses or CIDRs, comma-separated, such as 10.20.0.0/16',
      )
      .default([]),
    LABS_MAX_RUNNING: positiveInt(100_000).default(50),
    LABS_MAX_PER_USER: positiveInt(100).default(3),
    LABS_MAX_PER_CLASSROOM: positiveInt(100_000).default(40),
    LABS_MAX_PER_TEACHER: positiveInt(100_000).default(80),
    LAB_MAX_LIFETIME_MINUTES: positiveInt(10_080).default(240),
    LAB_MAX_MEMORY_MB: positiveInt(65_536).default(2048),
    LAB_MAX_CPUS: decimal(0.05, 64).default(2),
    LAB_MAX_PIDS: positiveInt(32_768).default(1024),
    LAB_DISK_LIMIT: z
      .enum(['auto', 'quota', 'readonly', 'off'], {
        error: 'must be auto, quota, readonly or off',
      })
      .default('auto'),
    LAB_MAX_DISK_MB: positiveInt(1_048_576).default(1024),
    LAB_MAX_IMAGE_MB: positiveInt(1_048_576).default(4096),
    LAB_PROXY_REQUESTS_PER_MINUTE: positiveInt(1_000_000).default(1200),
    LAB_PULL_TIMEOUT_MINUTES: positiveInt(120).default(10),
    ATTACKBOX_IMAGE: z
      .string()
      .regex(
        /^[a-z0-9][\w./:@-]{0,254}$/,
        'must be an image reference such as hackclass/attackbox:1',
      )
      .optional(),
    ATTACKBOX_IDLE_MINUTES: positiveInt(1440).default(30),
    ATTACKBOX_LIFETIME_MINUTES: positiveInt(10_080).default(240),
    ATTACKBOX_MEMORY_MB: positiveInt(65_536).default(512),
    ATTACKBOX_CPUS: decimal(0.05, 64).default(1),
    ATTACKBOX_PIDS: positiveInt(32_768).default(512),
    ATTACKBOX_ALLOW_OUTBOUND: flag.default(false),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,256}$/, 'must be 16 to 256 printable characters without spaces')
      .optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
  })
  .superRefine(firebaseSettingsTogether)
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    publicUrl: new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    /**
     * Where uploads live: `folder` (DATA_DIR/files, one machine) or `database` (shared by
     * replicas); PostgreSQL defaults to the database, PGlite to the folder.
     */
    fileStorage: env.FILE_STORAGE ?? (env.DATABASE_URL ? 'database' : 'folder'),
    /** `off`: the server refuses a schema behind its code; `npx hackclass migrate` applies it. */
    migrate: env.MIGRATE,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    /** The outbox tries a mail this many times, waiting `retrySeconds`, then twice as long each time (at most an hour). */
    mailDelivery: {
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
      retrySeconds: env.MAIL_RETRY_SECONDS,
      /** Whether this process runs an outbox worker; only the CLI's short-lived server runs none. */
      deliver: true as boolean,
    },
    /** Invitation mails one teacher may send in 24 hours; admins have no limit. */
    invitationsPerDay: env.INVITATIONS_PER_DAY,
    /**
     * The same for a teacher who signed up as one and whom no admin has approved yet, as where
     * TEACHER_APPROVAL is off; never more than `invitationsPerDay`.
     */
    invitationsPerDayUnapproved: Math.min(
      env.INVITATIONS_PER_DAY_UNAPPROVED,
      env.INVITATIONS_PER_DAY,
    ),
    redisUrl: env.REDIS_URL,
    /** API requests per minute for one user (or one address, before sign-in). */
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    /**
     * Sign-ups per client address and hour, in the identity service and the API's register
     * alike. A whole class behind one school NAT signs up in its first lesson.
     */
    signUpLimitPerHour: env.SIGNUP_LIMIT_PER_HOUR,
    adminEmails: env.ADMIN_EMAILS,
    identity: {
      apiKey: env.IDENTITY_API_KEY,
      projectId: env.IDENTITY_PROJECT_ID,
      adminSecret: env.IDENTITY_ADMIN_SECRET,
      /** Seals private signing keys in the database; unset, a secret kept in DATA_DIR. */
      keySecret: env.IDENTITY_KEY_SECRET,
      /**
       * A JSON file of sign-in providers, applied at every start over what the admin screen
       * set for the same ids (configuration as code); others stay as they are.
       */
      providersFile: env.SIGN_IN_PROVIDERS_FILE ? resolve(env.SIGN_IN_PROVIDERS_FILE) : undefined,
      // The all-in-one server reaches its own identity routes over loopback.
      url: new URL(env.IDENTITY_URL ?? `http://127.0.0.1:${env.PORT}`).origin,
    },
    /**
     * Set: accounts live in this Firebase project, the built-in identity service is off and its
     * IDENTITY_* settings are ignored.
     */
    firebase:
      env.FIREBASE_API_KEY && env.FIREBASE_AUTH_DOMAIN && env.FIREBASE_PROJECT_ID
        ? {
            apiKey: env.FIREBASE_API_KEY,
            authDomain: env.FIREBASE_AUTH_DOMAIN,
            projectId: env.FIREBASE_PROJECT_ID,
            /** The project's OpenID Connect providers the sign-in page offers a button for. */
            signInButtons: env.FIREBASE_SIGN_IN_BUTTONS,
          }
        : undefined,
    /** Whose ID tokens the API accepts: the built-in service's, or the Firebase project's. */
    idTokens: {
      projectId: env.FIREBASE_PROJECT_ID ?? env.IDENTITY_PROJECT_ID,
      /**
       * With a Firebase project, which publishes no revocations: the only sign-in providers
       * trusted, and how long after issue a token is accepted.
       */
      signInProviders: env.FIREBASE_PROJECT_ID
        ? [
            ...new Set([
              ...env.FIREBASE_SIGN_IN_PROVIDERS,
              ...env.FIREBASE_SIGN_IN_BUTTONS.map((button) => button.id),
            ]),
          ]
        : undefined,
      maxTokenAgeSeconds: env.FIREBASE_PROJECT_ID
        ? env.FIREBASE_MAX_TOKEN_AGE_MINUTES * 60
        : undefined,
      jwksUrl:
        env.IDENTITY_JWKS_URL ??
        (env.FIREBASE_PROJECT_ID
          ? GOOGLE_ID_TOKEN_JWKS_URL
          : `${new URL(env.IDENTITY_URL ?? `http://127.0.0.1:${env.PORT}`).origin}/.well-known/jwks.json`),
    },
    /** How often the API reads the identity service's revocations and deletions. */
    accountEventsPollMs: env.ACCOUNT_EVENTS_POLL_SECONDS * 1000,
    uploads: {
      imageMaxBytes: env.UPLOAD_IMAGE_MAX_MB * 1_048_576,
      fileMaxBytes: env.UPLOAD_FILE_MAX_MB * 1_048_576,
      filesPerLab: env.UPLOAD_FILES_PER_LAB,
    },
    /** What one teacher's account may hold; admins have no quota. */
    quotas: {
      fileBytes: env.QUOTA_FILES_MB * 1_048_576,
      labs: env.QUOTA_LABS,
      classrooms: env.QUOTA_CLASSROOMS,
    },
    /**
     * Self-registered teachers wait, as students, for an admin to approve them. On by default
     * where live targets run: a teacher's lab runs images on the school's machine.
     */
    teacherApproval: env.TEACHER_APPROVAL ?? env.LABS_DRIVER !== 'none',
    /**
     * Whose X-Forwarded-For to believe: a number of proxy hops, or the proxies' addresses.
     * The client IP drives rate limits and throttling.
     */
    trustProxy: env.TRUST_PROXY,
    /** Live lab targets: the engine that runs them, where they are reached, what they may use. */
    labs: {
      driver: env.LABS_DRIVER,
      dockerHost: env.DOCKER_HOST,
      /** HTTP targets are served at `<target id>.<domain>`, through the proxy. */
      domain: env.LABS_DOMAIN,
      /**
       * Where target ports are published and HackClass (the proxy, the TCP tunnel) reaches
       * them; students must not reach this address.
       */
      bindAddress: env.LAB_BIND_ADDRESS,
      /**
       * Set by an operator who opts in: TCP targets are published here in plain, for anyone
       * who reaches it. Absent: TCP targets are reached through the authenticated tunnel only.
       */
      tcpBindAddress: env.LAB_TCP_BIND_ADDRESS,
      /** The host name students use for TCP targets exposed on `tcpBindAddress`. */
      publicHost:
        env.LAB_PUBLIC_HOST ?? new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).hostname,
      portRange: env.LAB_PORT_RANGE,
      /**
       * Images teachers may use however they got there, and the engine may pull: `*` (any
       * registry named by a public DNS name), prefixes ending in `/`, or exact references.
       * Empty: only images already on the engine, each for the teacher whose labs use it.
       */
      imageAllow: env.LAB_IMAGE_ALLOW,
      /** Each target's network takes a /28 of it. */
      subnetPool: env.LAB_SUBNET_POOL,
      /** `auto`: the driver keeps its host firewall rules in place when it can. */
      firewall: env.LABS_FIREWALL,
      /** May a lab's target open connections beyond its own network at all (to the Internet). */
      allowOutbound: env.LAB_ALLOW_OUTBOUND,
      /** Private networks targets with outbound may reach all the same. */
      outboundAllowed: env.LAB_OUTBOUND_ALLOW,
      maxRunning: env.LABS_MAX_RUNNING,
      maxPerUser: env.LABS_MAX_PER_USER,
      /** A classroom's running targets, whatever its teacher set higher (or not at all). */
      maxPerClassroom: env.LABS_MAX_PER_CLASSROOM,
      /** Running targets of the labs one teacher created, over all classrooms. */
      maxPerTeacher: env.LABS_MAX_PER_TEACHER,
      maxLifetimeMinutes: env.LAB_MAX_LIFETIME_MINUTES,
      maxMemoryMb: env.LAB_MAX_MEMORY_MB,
      maxCpus: env.LAB_MAX_CPUS,
      maxPids: env.LAB_MAX_PIDS,
      /**
       * How a target's disk is bounded: `auto` a quota of `maxDiskMb` where the engine keeps
       * one, else a read-only root with in-memory scratch space (packages/engine/README.md).
       */
      diskLimit: env.LAB_DISK_LIMIT,
      maxDiskMb: env.LAB_MAX_DISK_MB,
      /** The most one pull downloads (the image's layers), and how long it may take. */
      maxImageMb: env.LAB_MAX_IMAGE_MB,
      pullTimeoutMinutes: env.LAB_PULL_TIMEOUT_MINUTES,
      /** Requests one user sends through the target proxy a minute, per process. */
      proxyRequestsPerMinute: env.LAB_PROXY_REQUESTS_PER_MINUTE,
      /**
       * Students' attack boxes: a shell of `image` each, beside their targets (off without an
       * image). A box stops after `idleMinutes` without a keystroke, or `lifetimeMinutes`.
       */
      attackBox: {
        image: env.ATTACKBOX_IMAGE,
        idleMinutes: env.ATTACKBOX_IDLE_MINUTES,
        lifetimeMinutes: env.ATTACKBOX_LIFETIME_MINUTES,
        memoryMb: env.ATTACKBOX_MEMORY_MB,
        cpus: env.ATTACKBOX_CPUS,
        pids: env.ATTACKBOX_PIDS,
        /** May a box reach the Internet (never the school's or host's networks). */
        outbound: env.ATTACKBOX_ALLOW_OUTBOUND,
      },
    },
    /** Bearer token for `/metrics`; unset, only loopback clients are answered. */
    metricsToken: env.METRICS_TOKEN,
    logLevel: env.LOG_LEVEL,
  }));

export type ServerConfig = z.output<typeof serverConfigSchema>;

/** The settings one by one, as they are written in the environment (for `config check`). */
export const serverSettings = serverConfigSchema.in;
