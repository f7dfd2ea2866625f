import { z } from 'zod';
import { targetCanSchema } from './permissions';
import { hasNoNul, NO_NUL_MESSAGE } from './text';

/** How students reach a target: in the browser through HackClass's proxy, or with `nc host port`. */
export const TARGET_KINDS = ['http', 'tcp'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/** A target of no lab: a student's attack box, a shell beside their targets. */
export const ATTACK_BOX_KIND = 'box';

/** What a started target is: a lab's, reached as its kind says, or an attack box. */
export const RUNNING_TARGET_KINDS = [...TARGET_KINDS, ATTACK_BOX_KIND] as const;
export type RunningTargetKind = (typeof RUNNING_TARGET_KINDS)[number];

/** The lab's own flags for every target, or one flag of its own per target. */
export const TARGET_FLAG_MODES = ['static', 'per-student'] as const;
export type TargetFlagMode = (typeof TARGET_FLAG_MODES)[number];

export const TARGET_STATES = [
  'starting',
  'running',
  'stopping',
  'stopped',
  'expired',
  'failed',
] as const;
export type TargetState = (typeof TARGET_STATES)[number];

/** States in which a target holds a container and a port: one per student and lab. */
export const ACTIVE_TARGET_STATES = ['starting', 'running', 'stopping'] as const;

/** States a target leaves on its own, for running or for its end: worth asking again soon. */
export const SETTLING_TARGET_STATES = ['starting', 'stopping'] as const;

const isOneOf = (states: readonly TargetState[]) => (state: TargetState | undefined) =>
  state !== undefined && states.includes(state);

export const isActiveTargetState = isOneOf(ACTIVE_TARGET_STATES);
export const isSettlingTargetState = isOneOf(SETTLING_TARGET_STATES);

/** The environment variable a per-student target finds its flag in. */
export const TARGET_FLAG_VARIABLE = 'HACKCLASS_FLAG';

/**
 * What a lab's target may ask for. The operator's own maximums (LAB_MAX_*) may be lower; the API
 * checks those.
 */
export const TARGET_LIMITS = {
  memoryMb: { min: 16, max: 65_536, default: 256 },
  cpus: { min: 0.05, max: 64, default: 0.5 },
  pids: { min: 16, max: 32_768, default: 256 },
  lifetimeMinutes: { min: 5, max: 10_080, default: 60 },
  env: { max: 50, nameMaxLength: 100, valueMaxLength: 4096 },
  flagAffixMaxLength: 50,
  imageMaxLength: 255,
} as const;

// Docker's reference grammar: [domain[:port]/]path[:tag][@digest].
const domainComponent = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const domain = `${domainComponent}(?:\\.${domainComponent})*(?::[0-9]+)?`;
const pathComponent = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const imageName = `(?:${domain}/)?${pathComponent}(?:/${pathComponent})*`;
const tag = '[\\w][\\w.-]{0,127}';
const digest = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}';
export const IMAGE_REFERENCE_PATTERN = new RegExp(`^${imageName}(?::${tag})?(?:@${digest})?$`);

export const imageReferenceSchema = z
  .string('Enter the image')
  .trim()
  .min(1, 'Enter the image')
  .max(
    TARGET_LIMITS.imageMaxLength,
    `An image reference has at most ${TARGET_LIMITS.imageMaxLength} characters`,
  )
  .regex(
    IMAGE_REFERENCE_PATTERN,
    'Enter an image reference such as registry.example.org/labs/sqli:3 (lower-case name, optional tag)',
  );

const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const targetEnvVariableSchema = z.object({
  name: z
    .string('Enter the variable name')
    .trim()
    .min(1, 'Enter the variable name')
    .max(TARGET_LIMITS.env.nameMaxLength)
    .regex(ENV_NAME_PATTERN, 'A variable name has letters, digits and _, and starts with no digit')
    .refine(
      (name) => !name.toUpperCase().startsWith('HACKCLASS_'),
      'Names starting with HACKCLASS_ are HackClass’s own',
    ),
  value: z
    .string('Enter the value')
    .max(
      TARGET_LIMITS.env.valueMaxLength,
      `A value has at most ${TARGET_LIMITS.env.valueMaxLength} characters`,
    )
    .refine(hasNoNul, NO_NUL_MESSAGE),
});
export type TargetEnvVariable = z.infer<typeof targetEnvVariableSchema>;

const wholeNumber = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number(`Enter the ${label}`)
    .int(`The ${label} is a whole number`)
    .min(min, `The ${label} is at least ${min}`)
    .max(max, `The ${label} is at most ${max}`);

const flagAffix = (label: string) =>
  z
    .string()
    .max(
      TARGET_LIMITS.flagAffixMaxLength,
      `The flag ${label} has at most ${TARGET_LIMITS.flagAffixMaxLength} characters`,
    )
    .regex(/^[\x21-\x7e]*$/, `The flag ${label} has printable characters and no spaces`);

/** A lab's target as its author defines it. */
export const labTargetInputSchema = z.strictObject({
  image: imageReferenceSchema,
  port: wholeNumber('port', { min: 1, max: 65_535 }),
  kind: z.enum(TARGET_KINDS, { error: 'Choose HTTP or TCP' }),
  env: z
    .array(targetEnvVariableSchema)
    .max(TARGET_LIMITS.env.max, `At most ${TARGET_LIMITS.env.max} variables`)
    .refine(
      (variables) => new Set(variables.map(({ name }) => name)).size === variables.length,
      'Each variable name once',
    )
    .default([]),
  memoryMb: wholeNumber('memory (MB)', TARGET_LIMITS.memoryMb).default(
    TARGET_LIMITS.memoryMb.default,
  ),
  cpus: z
    .number('Enter the CPUs')
    .min(TARGET_LIMITS.cpus.min, `The CPUs are at least ${TARGET_LIMITS.cpus.min}`)
    .max(TARGET_LIMITS.cpus.max, `The CPUs are at most ${TARGET_LIMITS.cpus.max}`)
    .default(TARGET_LIMITS.cpus.default),
  pids: wholeNumber('process limit', TARGET_LIMITS.pids).default(TARGET_LIMITS.pids.default),
  lifetimeMinutes: wholeNumber('lifetime (minutes)', TARGET_LIMITS.lifetimeMinutes).default(
    TARGET_LIMITS.lifetimeMinutes.default,
  ),
  /** Whether students may push the expiry back by another lifetime while it runs. */
  extendable: z.boolean().default(true),
  /** Whether the target may open connections beyond its own network. */
  outbound: z.boolean().default(false),
  flagMode: z.enum(TARGET_FLAG_MODES, { error: 'Choose static or per student' }).default('static'),
  /** A per-student flag is `flagPrefix` + an unguessable value + `flagSuffix`. */
  flagPrefix: flagAffix('prefix').default('HC{'),
  flagSuffix: flagAffix('suffix').default('}'),
});
export type LabTargetInput = z.input<typeof labTargetInputSchema>;
export type LabTargetDefinition = z.output<typeof labTargetInputSchema>;

/**
 * The `target` field of the lab form: ONE text field holding the definition as a JSON object,
 * or `null` for a lab without a target. Left out when creating: no target; left out when
 * editing: the target stays as it was.
 */
export const labTargetFieldSchema = z
  .string('Send the target as a JSON object or null')
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'Send the target as a JSON object or null' });
      return z.NEVER;
    }
  })
  .pipe(labTargetInputSchema.nullable());

/** The definition as editors (the lab's creator and admins) see it. */
export const labTargetSchema = z.object({
  image: z.string(),
  port: z.number().int(),
  kind: z.enum(TARGET_KINDS),
  env: z.array(targetEnvVariableSchema),
  memoryMb: z.number().int(),
  cpus: z.number(),
  pids: z.number().int(),
  lifetimeMinutes: z.number().int(),
  extendable: z.boolean(),
  outbound: z.boolean(),
  flagMode: z.enum(TARGET_FLAG_MODES),
  flagPrefix: z.string(),
  flagSuffix: z.string(),
});
export type LabTarget = z.infer<typeof labTargetSchema>;

/** Why a target failed, in a sentence a student can read. */
export const targetFailureSchema = z.object({ code: z.string(), message: z.string() });
export type TargetFailure = z.infer<typeof targetFailureSchema>;

/** What everyone who sees a lab learns of its target. */
export const labTargetSummarySchema = labTargetSchema
  .pick({ kind: true, lifetimeMinutes: true, extendable: true, flagMode: true })
  .extend({
    /**
     * Present when no target of the lab can start on this server, saying why: its image is one
     * the lab's creator may no longer use (`image_not_allowed`).
     */
    refused: targetFailureSchema.optional(),
  });
export type LabTargetSummary = z.infer<typeof labTargetSummarySchema>;

/** One student's target for one lab of a classroom, or their attack box (no lab). */
export const targetSchema = z.object({
  id: z.uuid(),
  labId: z.uuid().nullable(),
  classroomId: z.uuid(),
  userId: z.uuid(),
  kind: z.enum(RUNNING_TARGET_KINDS),
  state: z.enum(TARGET_STATES),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
  /** Whether the expiry may be pushed back now, by the lab's rule and the target's state. */
  canExtend: z.boolean(),
  /**
   * When extending becomes possible, while it is not yet (an extension must gain at least a
   * minute, so a target that just started has a minute to wait); null when it is possible now,
   * or never will be.
   */
  extendableAt: z.iso.datetime().nullable(),
  /**
   * TCP targets while running, when the operator exposes them on a plain port
   * (LAB_TCP_BIND_ADDRESS): `host:port` for `nc`. Otherwise null: they are reached through
   * their tunnel (`POST /targets/{id}/tunnel`).
   */
  address: z.string().nullable(),
  failure: targetFailureSchema.nullable(),
  can: targetCanSchema,
});
export type Target = z.infer<typeof targetSchema>;

export const targetParamsSchema = z.object({ targetId: z.uuid() });

/**
 * The caller's target for a lab of a classroom: the active one, else the latest, else null; and
 * whether the engine answers right now (false when targets are off, or the engine is down).
 */
export const myTargetSchema = z.object({
  target: targetSchema.nullable(),
  engineAvailable: z.boolean(),
});
export type MyTarget = z.infer<typeof myTargetSchema>;

/** A student's target as the Targets views (a classroom's, and the admins') list it. */
export const classroomTargetSchema = targetSchema.extend({
  student: z.object({ id: z.uuid(), name: z.string() }),
  /** Null for an attack box. */
  lab: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }).nullable(),
  classroom: z.object({ id: z.uuid(), name: z.string() }),
});
export type ClassroomTarget = z.infer<typeof classroomTargetSchema>;

/**
 * The caller's attack box: the active one, else the latest, else null; whether this server runs
 * boxes at all (an operator's ATTACKBOX_IMAGE and an engine that answers); and the idle time after
 * which a box without a keystroke stops.
 */
export const myAttackBoxSchema = z.object({
  box: targetSchema.nullable(),
  available: z.boolean(),
  idleMinutes: z.number().int(),
});
export type MyAttackBox = z.infer<typeof myAttackBoxSchema>;

/**
 * A terminal's WebSocket address with a single-use ticket, good for a minute: the box's owner
 * types, anyone else (a teacher) watches.
 */
export const terminalTicketSchema = z.object({ url: z.url(), watching: z.boolean() });
export type TerminalTicket = z.infer<typeof terminalTicketSchema>;

/** Which lab's files to put in the caller's attack box. */
export const boxLabFilesRequestSchema = z.strictObject({ labId: z.uuid('Choose a lab') });
export type BoxLabFilesRequest = z.infer<typeof boxLabFilesRequestSchema>;

/** Where a lab's files went in the box (`~/labs/<lab slug>`), and how many. */
export const boxLabFilesSchema = z.object({ folder: z.string(), count: z.number().int() });
export type BoxLabFiles = z.infer<typeof boxLabFilesSchema>;

/** The Open link of an HTTP target: a single-use ticket, good for a minute. */
export const targetTicketSchema = z.object({ url: z.url() });
export type TargetTicket = z.infer<typeof targetTicketSchema>;

/**
 * A TCP target's tunnel: a WebSocket whose binary messages carry one TCP connection to the
 * target, opened with `Authorization: Bearer <token>` (`hackclass connect`, or any WebSocket
 * client that sends the header).
 */
export const targetTunnelSchema = z.object({
  url: z.url(),
  token: z.string(),
  expiresAt: z.iso.datetime(),
});
export type TargetTunnel = z.infer<typeof targetTunnelSchema>;

/**
 * The engine as admins see it: `ok`, `degraded` (it does not answer, or the host firewall guard
 * is not in place, so no target starts) with why, or `off` (no engine is set up).
 */
export const targetEngineSchema = z.object({
  status: z.enum(['ok', 'degraded', 'off']),
  detail: z.string().nullable(),
});
export type TargetEngine = z.infer<typeof targetEngineSchema>;

export const imageCheckRequestSchema = z.strictObject({ image: imageReferenceSchema });
export type ImageCheckRequest = z.infer<typeof imageCheckRequestSchema>;

export const IMAGE_CHECK_STATUSES = ['present', 'pullable', 'missing'] as const;
export const imageCheckSchema = z.object({
  status: z.enum(IMAGE_CHECK_STATUSES),
  message: z.string(),
});
export type ImageCheck = z.infer<typeof imageCheckSchema>;

/** Running targets one classroom may have at once; null leaves only the operator's limits. */
export const CLASSROOM_MAX_RUNNING_TARGETS = { min: 1, max: 1000 } as const;
export const classroomTargetSettingsSchema = z.strictObject({
  maxRunningTargets: z
    .number('Enter a number')
    .int('Enter a whole number')
    .min(CLASSROOM_MAX_RUNNING_TARGETS.min, 'At least one running target')
    .max(
      CLASSROOM_MAX_RUNNING_TARGETS.max,
      `At most ${CLASSROOM_MAX_RUNNING_TARGETS.max} running targets`,
    )
    .nullable(),
});
export type ClassroomTargetSettings = z.infer<typeof classroomTargetSettingsSchema>;
