import {
  ConfigError,
  loadConfig,
  readEnv,
  type ServerConfig,
  serverConfigSchema,
} from '@hackclass/config';
import {
  type Connection,
  DataDirLockedError,
  DataDirOpenError,
  openConnection,
  ownerOnlyFiles,
  SchemaBehindError,
  secureDataDir,
} from '@hackclass/db';
import { createLogger, type Logger } from '@hackclass/logger';
import { smtpReadiness } from '@hackclass/mail';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { closeConnectionsPromptly } from './close-connections';
import { health } from './health';
import { hostCheck, serviceOriginsOf } from './host-check';
import { commonErrors, type HttpError } from './http-error';
import { metricsRoute } from './metrics-route';
import { sendProblem } from './problem';
import { proxyTrustOf, warnOfUntrustedProxy } from './proxy';
import { redisReadiness } from './redis-readiness';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';
import { closeOnSignals } from './shutdown';
import { diskReadiness } from './storage-full';
import { drainUnreadBodies } from './unread-bodies';

export interface ServiceContext {
  config: ServerConfig;
  connection: Connection;
  logger: Logger;
}

/** What the router's own refusals (FST_ERR_BAD_URL, FST_ERR_MAX_PARAM_LENGTH) become. */
function frameworkProblemOf(error: FastifyError): HttpError {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return commonErrors.badRequest('The URL is not valid');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return commonErrors.uriTooLong('A part of the path is too long');
    default:
      return commonErrors.internal();
  }
}

/**
 * A Fastify instance with what every service of ours has: structured logs with request ids,
 * requests for other hosts than its own refused, `/healthz`, `/readyz` and `/metrics`, and the
 * database closed when the instance closes.
 */
export async function createService({
  config,
  connection,
  logger,
}: ServiceContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: proxyTrustOf(config.trustProxy),
    // Fastify would keep any header value as the id; requestIdOf keeps only sane ones.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A first start migrates the database and makes a 3072-bit signing key, seconds of work on a
    // busy machine: Fastify's 10 s would stop a start that is only slow.
    pluginTimeout: 60_000,
    // Malformed percent-encoding and over-long path parameters are refused by the router before
    // any error handler runs; without this they would answer Fastify's own JSON, not a problem.
    frameworkErrors: (error, request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      sendProblem(reply, frameworkProblemOf(error));
    },
  });
  closeConnectionsPromptly(app);
  drainUnreadBodies(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onClose', () => connection.close());
  if (config.trustProxy === false) warnOfUntrustedProxy(app);
  await app.register(hostCheck, {
    publicUrl: config.publicUrl,
    serviceOrigins: serviceOriginsOf(config),
  });
  await app.register(health, { pingDatabase: connection.ping });
  if (config.redisUrl) {
    const redis = redisReadiness(config.redisUrl);
    app.readiness.add('redis', redis.check);
    app.addHook('onClose', async () => redis.close());
  }
  if (config.smtpUrl) app.readiness.add('smtp', smtpReadiness(config.smtpUrl));
  // The embedded database and the folder store write under DATA_DIR: its disk filling up is
  // what would stop them.
  if (!config.databaseUrl || config.fileStorage === 'folder') {
    app.readiness.add('disk', diskReadiness(config.dataDir));
  }
  await app.register(metricsRoute, { token: config.metricsToken, connection });
  return app;
}

/** A start-up failure the operator can fix from its message alone. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** Known start-up failures print one line; anything else keeps its stack for the operator. */
/** Ends a process that could not start: one line for what the operator can fix, else the stack. */
export function exitOnStartFailure(error: unknown): never {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DataDirOpenError ||
    error instanceof SchemaBehindError ||
    error instanceof StartupError
  ) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${(error as Error)?.stack ?? String(error)}\n`);
  }
  process.exit(1);
}

/**
 * Starts a service from the environment: validates configuration, secures DATA_DIR, opens the database,
 * builds the app, listens, and closes cleanly on SIGTERM or SIGINT.
 */
export async function runService(
  build: (context: ServiceContext) => Promise<FastifyInstance>,
): Promise<FastifyInstance> {
  ownerOnlyFiles();
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig(serverConfigSchema, readEnv());
    secureDataDir(config.dataDir);
    const logger = createLogger(config.logLevel);
    const connection = await openConnection(config);
    app = await build({ config, connection, logger });
    await app.listen({ port: config.port, host: config.host });
    closeOnSignals(app);
    return app;
  } catch (error) {
    await app?.close().catch(() => {});
    exitOnStartFailure(error);
  }
}
