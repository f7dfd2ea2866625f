import fastifyMultipart from '@fastify/multipart';
import type { ServerConfig } from '@hackclass/config';
import { type Connection, drizzleOver, migrate, requireMigrated } from '@hackclass/db';
import type { TargetDriver } from '@hackclass/engine';
import { addTargetMetrics, problemHandlers } from '@hackclass/http';
import type { IdTokenVerifier } from '@hackclass/id-token';
import { type MailDeliverySettings, type Mailer, mailMigrations } from '@hackclass/mail';
import type { FileStore } from '@hackclass/storage';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AccountEventFeed } from './account-events/feed';
import { type ApiDatabase, apiMigrations, schema } from './db';
import { createDispatcher, type Subscriber } from './domain-events/dispatcher';
import { withDomainEvents } from './domain-events/record-event';
import { type ClassroomEvents, localClassroomEvents } from './events/classroom-events';
import { redisClassroomEvents } from './events/redis-classroom-events';
import { redisTerminalEvents } from './events/redis-terminal-events';
import { redisUserEvents } from './events/redis-user-events';
import { localTerminalEvents } from './events/terminal-events';
import { localUserEvents, type UserEvents } from './events/user-events';
import { takeInFolderFiles } from './files/take-in-folder-files';
import type { IdentityAdmin } from './identity-admin/client';
import { useMailQueue } from './mail/mail-queue';
import { perProcessWarning } from './per-process-warning';
import { antiforgery } from './plugins/antiforgery';
import { authentication } from './plugins/authentication';
import { contentTypes } from './plugins/content-types';
import { declaredErrors } from './plugins/error-responses';
import { openapi, openapiReference } from './plugins/openapi';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { security } from './plugins/security';
import { announcementRoutes } from './routes/announcements';
import { apiTokenRoutes } from './routes/api-tokens';
import { authRoutes } from './routes/auth';
import { bulkInvitationRoutes } from './routes/bulk-invitations';
import { classroomEventRoutes } from './routes/classroom-events';
import { classroomLabRoutes } from './routes/classroom-labs';
import { classroomRoutes } from './routes/classrooms';
import { coTeacherRoutes } from './routes/co-teachers';
import { gradebookRoutes } from './routes/gradebook';
import { hintRoutes } from './routes/hints';
import { invitationRoutes } from './routes/invitations';
import { labArchiveRoutes } from './routes/lab-archives';
import { labRoutes } from './routes/labs';
import { leaderboardRoutes } from './routes/leaderboard';
import { mailRoutes } from './routes/mail';
import { memberRoutes } from './routes/members';
import { notificationRoutes } from './routes/notifications';
import { pageSessionRoutes } from './routes/page-session';
import { signInProviderRoutes } from './routes/sign-in-providers';
import { submissionRoutes } from './routes/submissions';
import { targetTicketRoutes } from './routes/target-tickets';
import { targetRoutes } from './routes/targets';
import { userEventRoutes } from './routes/user-events';
import { userRoutes } from './routes/users';
import { userActivityRoutes } from './routes/users/activity';
import { userQuotaRoutes } from './routes/users/quota';
import { webVitalsRoutes } from './routes/web-vitals';
import { scheduleClock } from './schedules/schedule-clock';
import { localStreamSlots, redisStreamSlots, type StreamSlots } from './streams/stream-slots';
import { subscribeAll } from './subscribers';
import { terminals } from './target-proxy/terminal/terminal-server';
import { countTargets } from './targets/count-targets';
import { ensureDeployment } from './targets/deployment';
import { reportIsolation } from './targets/isolation-notice';
import { type Janitor, janitor } from './targets/janitor';
import { type TargetService, targetService } from './targets/service';
import { formsSettled } from './uploads/multipart-form';
import type { KnownUsers } from './users/known-users';
import type { Revocations } from './users/revocations';

declare module 'fastify' {
  interface FastifyInstance {
    db: ApiDatabase;
    classroomEvents: ClassroomEvents;
    /** What concerns one user (their new notifications), for their open app. */
    userEvents: UserEvents;
    /** Live lab targets: this deployment, its engine (if any), settings and janitor. */
    targets: AppTargets;
    /** What users hold open (event streams), counted across replicas where Redis is shared. */
    streamSlots: StreamSlots;
  }
}

export interface ApiOptions {
  connection: Connection;
  /** `off`: refuse a schema behind the code instead of migrating it (MIGRATE); default `auto`. */
  migrate?: ServerConfig['migrate'] | undefined;
  verifier: IdTokenVerifier;
  identityAdmin: IdentityAdmin;
  /** The origin users reach (PUBLIC_URL). */
  publicUrl: string;
  /** Invitation mails one teacher may send in 24 hours (INVITATIONS_PER_DAY); admins: no limit. */
  invitationsPerDay: number;
  /** The same for a teacher no admin has approved yet (INVITATIONS_PER_DAY_UNAPPROVED). */
  invitationsPerDayUnapproved: number;
  /** Emails that are admins once verified (ADMIN_EMAILS), lower-case. */
  adminEmails: string[];
  files: FileStore;
  /** Uploads an earlier FILE_STORAGE=folder left in DATA_DIR, copied into `files` at start. */
  folderFiles?: FileStore | undefined;
  /** Callers' user rows read lately, shared by authentication and the routes that change users. */
  knownUsers: KnownUsers;
  /** Accounts whose ID tokens were revoked or deleted in the last hour. */
  revocations: Revocations;
  /** Reads the identity service's revocations and deletions into `revocations` and the database. */
  accountEvents: AccountEventFeed;
  /** Shared rate-limit counters, classroom and user events across replicas (REDIS_URL). */
  redisUrl?: string | undefined;
  /** API requests per minute for one user (RATE_LIMIT_PER_MINUTE); default 600. */
  requestsPerMinute?: number | undefined;
  /** Registrations per address and hour (SIGNUP_LIMIT_PER_HOUR, as the identity service's). */
  signUpsPerHour?: number | undefined;
  uploads: ServerConfig['uploads'];
  /** What one account may hold (QUOTA_*); admins are exempt. */
  quotas: ServerConfig['quotas'];
  /** Self-registered teachers wait as students until an admin approves them (TEACHER_APPROVAL). */
  teacherApproval: boolean;
  /** Live lab targets: the engine, where targets are reached, what they may use (LABS_*, LAB_*). */
  labs: ServerConfig['labs'];
  /** The engine's driver for this deployment's id; absent: live targets are off. */
  targetDriver?: ((deploymentId: string) => TargetDriver | Promise<TargetDriver>) | undefined;
  /** How often the janitor sweeps; default 15 s. */
  janitorIntervalMs?: number | undefined;
  /** How long a target may take to serve on its port; default 60 s. */
  targetStartTimeoutMs?: number | undefined;
  /** Told the targets service once made (it lives inside the API's scope): for tests and tools. */
  onTargets?: ((targets: AppTargets) => void) | undefined;
  /** How often labs that open on a schedule are looked for; default 30 s. */
  scheduleClockIntervalMs?: number | undefined;
  /** Subscribers to the API's committed changes before its own: for tests and tools. */
  subscribers?: Subscriber[] | undefined;
  /** Sends the outbox's mail: SMTP_URL, or the dev outbox folder. */
  mailer: Mailer;
  /** Attempts and waits of the outbox (MAIL_MAX_ATTEMPTS, MAIL_RETRY_SECONDS). */
  mailDelivery: MailDeliverySettings;
  /** Check every answer against its schema before writing it: on in tests, off in service. */
  validateResponses?: boolean | undefined;
}

export type AppTargets = TargetService & { janitor: Janitor };

/**
 * The product API as one encapsulated plugin: mounted under `/api` by the all-in-one server
 * and by `main.ts` alike. Its schema is migrated (or, with MIGRATE=off, checked) before it serves.
 */
export async function apiApp(app: FastifyInstance, options: ApiOptions): Promise<void> {
  if (options.migrate === 'off') {
    await requireMigrated(options.connection, apiMigrations, 'API');
    await requireMigrated(options.connection, mailMigrations, 'mail outbox');
  } else {
    await migrate(options.connection, apiMigrations);
    await migrate(options.connection, mailMigrations);
  }
  const dispatcher = createDispatcher(app.log);
  app.decorate(
    'db',
    withDomainEvents(drizzleOver(options.connection, schema), dispatcher.dispatch),
  );
  useMailQueue(app, {
    connection: options.connection,
    mailer: options.mailer,
    settings: options.mailDelivery,
  });
  if (options.folderFiles) await takeInFolderFiles(options.folderFiles, options.files, app.log);
  // A form cut off by a shutdown removes its partial files before the database closes.
  app.addHook('onClose', formsSettled);
  const classroomEvents = options.redisUrl
    ? await redisClassroomEvents(options.redisUrl, app.log)
    : localClassroomEvents();
  app.decorate('classroomEvents', classroomEvents);
  app.addHook('onClose', () => classroomEvents.close());
  const userEvents = options.redisUrl
    ? await redisUserEvents(options.redisUrl, app.log)
    : localUserEvents();
  app.decorate('userEvents', userEvents);
  app.addHook('onClose', () => userEvents.close());
  const terminalEvents = options.redisUrl
    ? await redisTerminalEvents(options.redisUrl, app.log)
    : localTerminalEvents();
  app.addHook('onClose', () => terminalEvents.close());
  const streamSlots = options.redisUrl
    ? await redisStreamSlots(options.redisUrl, { log: app.log })
    : localStreamSlots();
  app.decorate('streamSlots', streamSlots);
  app.addHook('onClose', () => streamSlots.close());
  const perProcess = perProcessWarning(options.connection.kind, options.redisUrl);
  if (perProcess) app.log.warn(perProcess);
  const deployment = await ensureDeployment(app.db);
  const targets = targetService({
    deployment,
    driver: await options.targetDriver?.(deployment.id),
    config: options.labs,
    db: app.db,
    log: app.log,
    startTimeoutMs: options.targetStartTimeoutMs,
    metrics: addTargetMetrics(app.metrics.registry, () => countTargets(app.db)),
  });
  const targetJanitor = janitor(targets, options.janitorIntervalMs);
  const appTargets: AppTargets = { ...targets, janitor: targetJanitor };
  app.decorate('targets', appTargets);
  options.onTargets?.(appTargets);
  // The target proxy, in front of the API on the same server, takes the terminals' upgrades.
  if (app.hasDecorator('terminalSlot')) {
    const boxTerminals = terminals({
      service: targets,
      terminalEvents,
      publicUrl: options.publicUrl,
    });
    app.terminalSlot.current = boxTerminals;
    app.addHook('preClose', async () => boxTerminals.closeAll());
  }
  for (const subscriber of options.subscribers ?? []) dispatcher.subscribe(subscriber);
  subscribeAll(dispatcher, {
    classroomEvents,
    userEvents,
    mail: app.mail,
    targets,
    metrics: app.metrics,
  });
  const { driver } = targets;
  if (driver && app.hasDecorator('readiness')) {
    app.readiness.add('engine', targets.engineStatus);
  }
  const openings = scheduleClock({ db: app.db, log: app.log }, options.scheduleClockIntervalMs);
  // Started once listening: in the all-in-one server the identity service answers only then.
  app.addHook('onListen', async () => {
    options.accountEvents.start({ db: app.db, log: app.log });
    targetJanitor.start();
    openings.start();
    if (driver) void reportIsolation(driver, app.log);
  });
  app.addHook('preClose', () => options.accountEvents.stop());
  app.addHook('preClose', () => targetJanitor.stop());
  app.addHook('preClose', () => openings.stop());
  app.addHook('onClose', () => targets.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    responseSerializerCompiler({ validate: options.validateResponses ?? false }),
  );
  await app.register(problemHandlers);
  await app.register(declaredErrors);
  await app.register(fastifyMultipart, {
    limits: {
      // One byte over the largest allowed file, so that the per-field limits, not the
      // parser's truncation, decide what is too large.
      fileSize: Math.max(options.uploads.imageMaxBytes, options.uploads.fileMaxBytes) + 1,
      files: options.uploads.filesPerLab + 1,
      fields: 50,
      fieldSize: 100_000,
      parts: 100,
    },
  });
  await app.register(contentTypes);
  await app.register(openapi);
  await app.register(openapiReference);
  // Every route below needs a caller and, for state changes, the anti-forgery token.
  await app.register(async (routes) => {
    // First, so its headers are on every answer, refusals of the hooks below included.
    await routes.register(security, {
      redisUrl: options.redisUrl,
      requestsPerMinute: options.requestsPerMinute,
    });
    await routes.register(authentication, {
      verifier: options.verifier,
      adminEmails: options.adminEmails,
      teacherApproval: options.teacherApproval,
      knownUsers: options.knownUsers,
      revocations: options.revocations,
      identityAdmin: options.identityAdmin,
    });
    await routes.register(antiforgery, { publicUrl: options.publicUrl });
    await routes.register(authRoutes, {
      identityAdmin: options.identityAdmin,
      teacherApproval: options.teacherApproval,
      signUpsPerHour: options.signUpsPerHour ?? 100,
    });
    await routes.register(signInProviderRoutes, { identityAdmin: options.identityAdmin });
    await routes.register(userRoutes, {
      identityAdmin: options.identityAdmin,
      knownUsers: options.knownUsers,
      revocations: options.revocations,
      teacherApproval: options.teacherApproval,
    });
    await routes.register(classroomRoutes, {
      files: options.files,
      imageMaxBytes: options.uploads.imageMaxBytes,
      quotas: options.quotas,
    });
    const mailing = {
      publicUrl: options.publicUrl,
      invitationsPerDay: options.invitationsPerDay,
      invitationsPerDayUnapproved: options.invitationsPerDayUnapproved,
    };
    await routes.register(memberRoutes, { mailing });
    await routes.register(bulkInvitationRoutes, { mailing });
    await routes.register(invitationRoutes);
    await routes.register(coTeacherRoutes);
    await routes.register(notificationRoutes);
    await routes.register(apiTokenRoutes);
    await routes.register(pageSessionRoutes, { publicUrl: options.publicUrl });
    await routes.register(labRoutes, {
      files: options.files,
      uploads: options.uploads,
      quotas: options.quotas,
      labs: options.labs,
    });
    await routes.register(labArchiveRoutes, {
      files: options.files,
      uploads: options.uploads,
      quotas: options.quotas,
      labs: options.labs,
    });
    await routes.register(classroomLabRoutes);
    await routes.register(submissionRoutes);
    await routes.register(hintRoutes);
    await routes.register(leaderboardRoutes);
    await routes.register(gradebookRoutes);
    await routes.register(userActivityRoutes);
    await routes.register(userQuotaRoutes, { quotas: options.quotas, uploads: options.uploads });
    await routes.register(classroomEventRoutes);
    await routes.register(userEventRoutes);
    await routes.register(announcementRoutes, { publicUrl: options.publicUrl });
    await routes.register(mailRoutes);
    await routes.register(targetRoutes, { files: options.files });
    await routes.register(targetTicketRoutes, {
      publicUrl: options.publicUrl,
      labsDomain: options.labs.domain,
    });
    await routes.register(webVitalsRoutes);
  });
}
