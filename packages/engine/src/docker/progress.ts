import type Docker from 'dockerode';

/** One line of a pull's progress: a layer (`id`) and, while it downloads, its size in bytes. */
export interface ProgressEvent {
  id?: string;
  status?: string;
  progressDetail?: { current?: number; total?: number };
}

/**
 * Reads a pull's or build's progress stream to its end, showing each line to `onProgress`. The
 * engine reports a failure there as a line with `error` after a 200, which the client library's
 * followProgress passes as progress: it is turned into a rejection shaped like the library's own
 * errors (`json.message`). When `signal` aborts, the stream is let go and its reason thrown.
 */
export function followToEnd(
  docker: Docker,
  stream: NodeJS.ReadableStream,
  {
    onProgress,
    signal,
  }: { onProgress?: (event: ProgressEvent) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      (stream as NodeJS.ReadableStream & { destroy?(): void }).destroy?.();
      reject(signal?.reason);
    };
    if (signal?.aborted) return stop();
    signal?.addEventListener('abort', stop, { once: true });
    docker.modem.followProgress(
      stream,
      (error: unknown, output: { error?: unknown }[]) => {
        signal?.removeEventListener('abort', stop);
        if (error) return reject(error);
        const failed = output.find((line) => typeof line.error === 'string');
        if (failed === undefined) return resolve();
        reject(Object.assign(new Error(String(failed.error)), { json: { message: failed.error } }));
      },
      onProgress,
    );
  });
}
