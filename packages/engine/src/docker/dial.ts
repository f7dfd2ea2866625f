import type Docker from 'dockerode';

/**
 * One Engine API GET with an abort signal, for the calls whose client-library wrappers take none
 * (ping, distribution): a registry or an engine that never answers must not hold a caller.
 */
export function dialGet(
  docker: Docker,
  path: string,
  signal: AbortSignal,
  statusCodes: Record<number, true | string> = { 200: true },
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    docker.modem.dial(
      { path, method: 'GET', statusCodes, abortSignal: signal },
      (error: unknown, data: unknown) => (error ? reject(error) : resolve(data)),
    );
  });
}
