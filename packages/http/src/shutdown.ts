import type { FastifyInstance } from 'fastify';

/**
 * Closes `app` on SIGTERM or SIGINT: it stops accepting connections, lets in-flight requests
 * finish and runs its onClose hooks (the database closes there). A second signal, or a close
 * that takes longer than `graceMs`, ends the process at once.
 */
export function closeOnSignals(app: FastifyInstance, graceMs = 10_000): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error({ graceMs }, 'shutdown took too long, exiting');
      process.exit(1);
    }, graceMs);
    timer.unref();
    app.close().then(
      () => {
        app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
