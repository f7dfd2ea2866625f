import type Docker from 'dockerode';
import { dialGet } from './dial';
import { asEngineError, imageError, isNotFound } from './engine-errors';
import { EngineError } from './errors';
import { followToEnd } from './progress';
import type { ImageCheck } from './types';

/** Whether the engine has `image`; engine failures other than "no such image" throw. */
export async function hasImage(docker: Docker, image: string): Promise<boolean> {
  try {
    await docker.getImage(image).inspect();
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw asEngineError(error, (cause) => imageError(image, cause));
  }
}

/** Pulls `image` unless the engine has it; throws image_missing or pull_denied. */
export async function ensureImage(docker: Docker, image: string, signal: AbortSignal) {
  if (await hasImage(docker, image)) return;
  try {
    await followToEnd(docker, await docker.pull(image, { abortSignal: signal }));
  } catch (error) {
    if (signal.aborted && signal.reason instanceof Error && signal.reason.name === 'TimeoutError') {
      throw new EngineError('image_missing', `Pulling the image "${image}" took too long.`, {
        cause: error,
      });
    }
    throw asEngineError(error, (cause) => imageError(image, cause));
  }
}

/**
 * Present when the engine has `image`; otherwise asks the registry for its manifest without
 * pulling (GET /distribution/{name}/json), giving up after `timeoutMs`.
 */
export async function checkImage(
  docker: Docker,
  image: string,
  timeoutMs: number,
): Promise<ImageCheck> {
  if (await hasImage(docker, image)) {
    return { status: 'present', message: `The engine has the image "${image}".` };
  }
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    await dialGet(docker, `/distribution/${image}/json`, deadline, {
      200: true,
      401: 'unauthorized',
      403: 'denied',
      404: 'not found',
    });
    return {
      status: 'pullable',
      message: `The registry has the image "${image}"; the engine pulls it at the first start.`,
    };
  } catch (error) {
    if (deadline.aborted) {
      return {
        status: 'missing',
        message: `The engine does not have the image "${image}" and its registry did not answer within ${Math.round(timeoutMs / 1000)} s.`,
      };
    }
    const refused = asEngineError(error, (cause) => imageError(image, cause));
    if (refused.code === 'engine_unreachable') throw refused;
    return { status: 'missing', message: refused.message };
  }
}
