import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../testing/io';
import { runCli } from '../cli';
import { commands } from '../commands';
import { settingsReport } from './settings-report';

describe('config check', () => {
  it('names each setting’s source: the environment over the .env file over the default', () => {
    const { rows, problems } = settingsReport(
      { PORT: '4000', HOST: '' },
      { PORT: '5000', HOST: '0.0.0.0', LOG_LEVEL: 'warn' },
    );
    expect(problems).toEqual([]);
    const row = (name: string) => rows.find((candidate) => candidate.name === name);
    expect(row('PORT')).toEqual({ name: 'PORT', source: 'env', value: '4000' });
    // A blank value unsets, as it does for the server.
    expect(row('HOST')).toEqual({ name: 'HOST', source: 'default', value: '127.0.0.1' });
    expect(row('LOG_LEVEL')).toEqual({ name: 'LOG_LEVEL', source: '.env', value: 'warn' });
    expect(row('LAB_PORT_RANGE')?.value).toBe('42000-42999');
    expect(row('ADMIN_EMAILS')?.value).toBe('(none)');
    expect(row('PUBLIC_URL')?.value).toBe('(not set)');
  });

  it('masks secrets, keys, tokens and the passwords of URLs', () => {
    const secret = 'a-secret-of-at-least-thirty-two-characters';
    const { rows } = settingsReport(
      {
        IDENTITY_ADMIN_SECRET: secret,
        IDENTITY_API_KEY: 'browser-key',
        DATABASE_URL: 'postgres://app:pg-pass@db:5432/hackclass',
        REDIS_URL: 'redis://:redis-pass@cache:6379',
      },
      {},
    );
    const shown = JSON.stringify(rows);
    for (const hidden of [secret, 'browser-key', 'pg-pass', 'redis-pass']) {
      expect(shown).not.toContain(hidden);
    }
    expect(rows.find((row) => row.name === 'DATABASE_URL')?.value).toBe(
      'postgres://app:***@db:5432/hackclass',
    );
  });

  it('prints the table and exits 1 naming every wrong setting, one line each', async () => {
    const io = memoryIo({ PORT: 'abc', LABS_DRIVER: 'kubernetes' });
    writeFileSync(io.envFile, 'IDENTITY_KEY_SECRET=too-short\nQUOTA_LABS=0\n');
    expect(await runCli(['config', 'check'], io, commands)).toBe(1);
    const out = io.stdout();
    expect(out).toMatch(/^SETTING +SOURCE +VALUE\n/);
    expect(out).toMatch(/\nPORT +env +abc {2}<- wrong\n/);
    expect(out).toMatch(/\nIDENTITY_KEY_SECRET +\.env +\*{8} {2}<- wrong\n/);
    expect(out).not.toContain('too-short');
    expect(out).toContain(
      [
        '4 settings are wrong:',
        '  PORT must be a port number from 0 to 65535 (got "abc")',
        '  IDENTITY_KEY_SECRET must be at least 32 characters',
        '  QUOTA_LABS must be a whole number from 1 to 1000000 (got "0")',
        '  LABS_DRIVER must be none or docker (got "kubernetes")',
      ].join('\n'),
    );
  });

  it('says the built-in identity settings are ignored once a Firebase project is named', async () => {
    const io = memoryIo({
      FIREBASE_API_KEY: 'AIzaSyExample_key-123',
      FIREBASE_AUTH_DOMAIN: 'school-classes.firebaseapp.com',
      FIREBASE_PROJECT_ID: 'school-classes',
    });
    expect(await runCli(['config', 'check'], io, commands)).toBe(0);
    const out = io.stdout();
    expect(out).toMatch(/\nFIREBASE_PROJECT_ID +env +school-classes\n/);
    expect(out).toMatch(
      /\nIDENTITY_URL +default +\(not set\) {2}\(ignored: accounts live in the Firebase project\)\n/,
    );
    expect(out).toContain(
      'Identity: the Firebase project school-classes; the built-in identity service is off and IDENTITY_API_KEY, IDENTITY_PROJECT_ID, IDENTITY_ADMIN_SECRET, IDENTITY_KEY_SECRET, IDENTITY_URL, ACCOUNT_EVENTS_POLL_SECONDS are ignored.',
    );
    expect(out).not.toContain('AIzaSyExample_key-123');
    expect(out).not.toContain('Warning');
  });

  it('warns that IDENTITY_JWKS_URL replaces Google’s key set in Firebase mode', async () => {
    const io = memoryIo({
      FIREBASE_API_KEY: 'AIzaSyExample_key-123',
      FIREBASE_AUTH_DOMAIN: 'school-classes.firebaseapp.com',
      FIREBASE_PROJECT_ID: 'school-classes',
      IDENTITY_JWKS_URL: 'https://keys.school.example/jwks.json',
    });
    expect(await runCli(['config', 'check'], io, commands)).toBe(0);
    expect(io.stdout()).toContain(
      '\nWarning: IDENTITY_JWKS_URL replaces Google’s key set for the Firebase project’s ID tokens: set it only for tests or a proxy in front of Google.\n',
    );
  });

  it('names the FIREBASE_* settings a half-named project lacks', async () => {
    const io = memoryIo({ FIREBASE_PROJECT_ID: 'school-classes' });
    expect(await runCli(['config', 'check'], io, commands)).toBe(1);
    expect(io.stdout()).toMatch(/\nFIREBASE_API_KEY +default +\(not set\) {2}<- wrong\n/);
    expect(io.stdout()).toContain(
      '  FIREBASE_AUTH_DOMAIN must be set too: FIREBASE_PROJECT_ID names',
    );
  });

  it('exits 0 when every setting is right', async () => {
    const io = memoryIo({ PORT: '8080' });
    expect(await runCli(['config', 'check'], io, commands)).toBe(0);
    expect(io.stdout()).not.toContain('wrong');
  });

  it('refuses anything but check', async () => {
    const io = memoryIo();
    expect(await runCli(['config', 'show'], io, commands)).toBe(2);
    expect(io.stderr()).toContain('config takes one subcommand: check');
  });
});
