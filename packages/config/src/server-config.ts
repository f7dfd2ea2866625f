import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

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

const email = z.email();

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
    DATABASE_URL: urlWithScheme(
      ['postgres', 'postgresql'],
      'postgres://user:password@host:5432/database',
    ).optional(),
    SMTP_URL: urlWithScheme(['smtp', 'smtps'], 'smtp://user:password@host:587').optional(),
    MAIL_FROM: z.string().default('HackClass <no-reply@localhost>'),
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
    IDENTITY_URL: urlWithScheme(['http', 'https'], 'http://identity:3000').optional(),
    IDENTITY_JWKS_URL: urlWithScheme(
      ['http', 'https'],
      'https://keys.example.org/jwks.json',
    ).optional(),
    ACCOUNT_EVENTS_POLL_SECONDS: positiveInt(3600).default(5),
    UPLOAD_IMAGE_MAX_MB: positiveInt(100).default(5),
    UPLOAD_FILE_MAX_MB: positiveInt(10_000).default(20),
    UPLOAD_FILES_PER_LAB: positiveInt(100).default(10),
    QUOTA_FILES_MB: positiveInt(10_000_000).default(500),
    QUOTA_LABS: positiveInt(1_000_000).default(200),
    QUOTA_CLASSROOMS: positiveInt(1_000_000).default(50),
    TEACHER_APPROVAL: flag.default(false),
    TRUST_PROXY: z
      .string()
      .refine(
        (value) =>
          /^(true|false|\d{1,2})$/.test(value) ||
          value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean)
            .every(isAddressOrCidr),
        'must be true, false, a number of proxy hops, or comma-separated addresses or CIDRs',
      )
      .transform((value): false | number | string[] => {
        if (value === 'false') return false;
        // `true` trusts the nearest proxy only: trusting every hop would let a client name its
        // own address by sending an X-Forwarded-For header of its own.
        if (value === 'true') return 1;
        if (/^\d+$/.test(value)) return Number(value);
        return value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
      })
      .default(false),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    publicUrl: new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
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
      // The all-in-one server reaches its own identity routes over loopback.
      url: new URL(env.IDENTITY_URL ?? `http://127.0.0.1:${env.PORT}`).origin,
      jwksUrl:
        env.IDENTITY_JWKS_URL ??
        `${new URL(env.IDENTITY_URL ?? `http://127.0.0.1:${env.PORT}`).origin}/.well-known/jwks.json`,
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
    /** Self-registered teachers wait, as students, for an admin to approve them. */
    teacherApproval: env.TEACHER_APPROVAL,
    /**
     * Whose X-Forwarded-For to believe: a number of proxy hops, or the proxies' addresses.
     * The client IP drives rate limits and throttling.
     */
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
  }));

export type ServerConfig = z.output<typeof serverConfigSchema>;
