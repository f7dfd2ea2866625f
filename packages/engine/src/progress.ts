import type Docker from 'dockerode';

/**
 * Reads a pull's or build's progress stream to its end. The engine reports a failure there as a
 * line with `error` after a 200, which the client library's followProgress passes as progress:
 * it is turned into a rejection shaped like the library's own errors (`json.message`).
 */
export function followToEnd(docker: Docker, stream: NodeJS.ReadableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    docker.modem.followProgress(stream, (error: unknown, output: { error?: unknown }[]) => {
      if (error) return reject(error);
      const failed = output.find((line) => typeof line.error === 'string');
      if (failed === undefined) return resolve();
      reject(Object.assign(new Error(String(failed.error)), { json: { message: failed.error } }));
    });
  });
}
