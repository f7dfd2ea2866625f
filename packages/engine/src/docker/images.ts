import type Docker from 'dockerode';
import { EngineError } from '../errors';
import { isNamedBy } from '../reference';
import type { ImageCheck } from '../types';
import { dialGet } from './dial';
import { asEngineError, imageError, isNotFound, isUnreachable, unreachable } from './engine-errors';
import { followToEnd, type ProgressEvent } from './progress';

/** Looking an image up is local to the engine: one that takes longer is stuck. */
const INSPECT_TIMEOUT_MS = 5_000;

/**
 * Whether the engine has an image named `image` (not merely one whose id starts so); engine
 * failures other than "no such image" throw.
 */
export async function hasImage(docker: Docker, image: string): Promise<boolean> {
  try {
    const found = await dialGet(
      docker,
      `/images/${image}/json`,
      AbortSignal.timeout(INSPECT_TIMEOUT_MS),
      { 200: true, 404: 'no such image' },
    );
    return isNamedBy(found as Parameters<typeof isNamedBy>[0], image);
  } catch (error) {
    if (isNotFound(error)) return false;
    throw asEngineError(error, imageError);
  }
}

const MB = 1_048_576;

/**
 * Aborts `pull` as soon as the layers it downloads add up to more than `maxMb`: each layer's
 * size is known when its download begins, so no more than the engine's few parallel downloads
 * has started by then.
 */
function sizeBound(maxMb: number, pull: AbortController) {
  const layers = new Map<string, number>();
  let bytes = 0;
  return (event: ProgressEvent) => {
    const total = event.progressDetail?.total;
    if (event.status !== 'Downloading' || event.id === undefined || !total) return;
    bytes += total - (layers.get(event.id) ?? 0);
    layers.set(event.id, total);
    if (bytes > maxMb * MB && !pull.signal.aborted) {
      pull.abort(new EngineError('image_too_large', tooLarge(maxMb)));
    }
  };
}

const tooLarge = (maxMb: number) =>
  `The image is larger than the ${maxMb} MB this server pulls: ask the server's administrator.`;

/**
 * Pulls `image` unless the engine has it, or refuses it when `pull` is false; throws
 * image_missing, pull_denied, or image_too_large past `maxMb` of layers. Answers whether it
 * pulled.
 */
export async function ensureImage(
  docker: Docker,
  image: string,
  { pull, signal, maxMb }: { pull: boolean; signal: AbortSignal; maxMb: number },
): Promise<boolean> {
  if (await hasImage(docker, image)) return false;
  if (!pull) throw new EngineError('image_missing', 'The image is not on this server.');
  const pulling = new AbortController();
  const stopPulling = () => pulling.abort(signal.reason);
  signal.addEventListener('abort', stopPulling, { once: true });
  try {
    const stream = await docker.pull(image, { abortSignal: pulling.signal });
    await followToEnd(docker, stream, {
      onProgress: sizeBound(maxMb, pulling),
      signal: pulling.signal,
    });
    return true;
  } catch (error) {
    if (pulling.signal.reason instanceof EngineError) throw pulling.signal.reason;
    if (signal.aborted && signal.reason instanceof Error && signal.reason.name === 'TimeoutError') {
      throw new EngineError('image_missing', 'Pulling the image took too long.', { cause: error });
    }
    throw asEngineError(error, imageError);
  } finally {
    signal.removeEventListener('abort', stopPulling);
  }
}

/** Removes the name `image`, unless a container uses its image; true once the name is gone. */
export async function removeImage(docker: Docker, image: string): Promise<boolean> {
  try {
    await docker.getImage(image).remove();
    return true;
  } catch (error) {
    if (isNotFound(error)) return true;
    if ((error as { statusCode?: number }).statusCode === 409) return false;
    throw asEngineError(error, imageError);
  }
}

// Fixed sentences: what a registry answered (a loopback service's error page, say) stays in the
// cause, for the log, and never reaches the teacher who asked.
export const IMAGE_CHECKED = {
  present: 'The engine has this image.',
  pullable: 'Its registry has this image: the engine pulls it at the first start.',
  missing: 'The engine does not have this image, and its registry did not hand it over.',
} as const;

/**
 * Present when the engine has `image`; otherwise asks the registry for its manifest without
 * pulling (GET /distribution/{name}/json), giving up after `timeoutMs`. Why an image is missing
 * is the result's `cause`.
 */
export async function checkImage(
  docker: Docker,
  image: string,
  timeoutMs: number,
): Promise<ImageCheck> {
  if (await hasImage(docker, image)) return { status: 'present', message: IMAGE_CHECKED.present };
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    await dialGet(docker, `/distribution/${image}/json`, deadline, {
      200: true,
      401: 'unauthorized',
      403: 'denied',
      404: 'not found',
    });
    return { status: 'pullable', message: IMAGE_CHECKED.pullable };
  } catch (error) {
    if (!deadline.aborted && isUnreachable(error)) throw unreachable(error);
    return { status: 'missing', message: IMAGE_CHECKED.missing, cause: error };
  }
}
