import type { FastifyInstance } from 'fastify';

/** The most a stop takes: a container engine's grace between SIGTERM and SIGKILL. */
export const SHUTDOWN_GRACE_MS = 10_000;
/**
 * How long requests in flight have to finish after the signal. A slow upload that would take
 * longer is cut off then (its connection ended, its partial file removed), so the database and
 * the mail worker still close within the grace and the process exits 0 rather than killed.
 */
export const SHUTDOWN_DRAIN_MS = 5_000;

/**
 * Closes `app` on SIGTERM or SIGINT: it stops accepting connections, lets in-flight requests
 * finish for up to `drainMs`, ends the connections of those still running, and runs its onClose
 * hooks (the mail worker and the database close there). A second signal, or a close that takes
 * longer than `graceMs`, ends the process at once.
 */
export function closeOnSignals(
  app: FastifyInstance,
  graceMs = SHUTDOWN_GRACE_MS,
  drainMs = SHUTDOWN_DRAIN_MS,
): void {
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
    const drain = setTimeout(() => {
      app.log.warn({ drainMs }, 'requests still in flight after the drain: ending them');
      app.server.closeAllConnections();
    }, drainMs);
    drain.unref();
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
