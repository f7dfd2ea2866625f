import { EngineError, type EngineErrorCode } from '../errors';
import type { IsolationReport } from '../types';

// The Engine API reports most failures as an HTTP status and a sentence; where the status is
// too coarse (a pull answers 500 for a missing image and for an unreachable registry alike),
// the sentence is all there is to tell them apart.

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOENT',
  'EACCES',
  'EPERM',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

interface RawEngineError {
  code?: unknown;
  name?: unknown;
  statusCode?: unknown;
  json?: { message?: unknown } | null;
  message?: unknown;
}

const raw = (error: unknown): RawEngineError =>
  typeof error === 'object' && error !== null ? (error as RawEngineError) : {};

export const statusOf = (error: unknown): number | undefined => {
  const status = raw(error).statusCode;
  return typeof status === 'number' ? status : undefined;
};

export const isNotFound = (error: unknown) => statusOf(error) === 404;

/** The engine's own sentence, without the client library's `(HTTP code …)` wrapping. */
export function engineMessage(error: unknown): string {
  const { json, message } = raw(error);
  const text =
    typeof json?.message === 'string'
      ? json.message
      : typeof message === 'string'
        ? message.replace(/^\(HTTP code \d+\) [^-]*- /, '')
        : String(error);
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return trimmed.length > 300 ? `${trimmed.slice(0, 297)}...` : trimmed;
}

export function isUnreachable(error: unknown): boolean {
  const { code, name } = raw(error);
  if (error instanceof EngineError) return error.code === 'engine_unreachable';
  return (
    (typeof code === 'string' && UNREACHABLE_CODES.has(code)) ||
    name === 'AbortError' ||
    name === 'TimeoutError'
  );
}

export const unreachable = (cause: unknown) =>
  new EngineError(
    'engine_unreachable',
    'The container engine does not answer, so targets cannot start or stop right now.',
    { cause },
  );

/** Passes EngineErrors through, turns a connection failure into engine_unreachable. */
export function asEngineError(error: unknown, otherwise: (error: unknown) => EngineError) {
  if (error instanceof EngineError) return error;
  if (isUnreachable(error)) return unreachable(error);
  return otherwise(error);
}

const DENIED = /denied|unauthorized|authentication required|forbidden|no basic auth/i;
const REGISTRY_DOWN =
  /no such host|dial tcp|i\/o timeout|connection refused|network is unreachable|TLS handshake|x509|certificate|\bEOF\b/i;

/**
 * Why the engine has no image and cannot get it, as pull_denied or image_missing, in a fixed
 * sentence a student may read: the engine's own (which can quote whatever a registry answered)
 * stays in the cause, for the log.
 */
export function imageError(error: unknown): EngineError {
  const detail = engineMessage(error);
  const refuse = (code: EngineErrorCode, message: string) =>
    new EngineError(code, message, { cause: error });
  if (/invalid reference format/i.test(detail)) {
    return refuse('image_missing', 'The image reference is not valid.');
  }
  if (DENIED.test(detail)) {
    return refuse(
      'pull_denied',
      'The registry refused to hand over the image: it does not exist there, or it needs a login this server does not have.',
    );
  }
  if (REGISTRY_DOWN.test(detail)) {
    return refuse(
      'image_missing',
      'The image is not on this server and its registry cannot be reached.',
    );
  }
  return refuse('image_missing', 'The image is not on this server and could not be pulled.');
}

/** Any other refusal of the engine (listing, inspecting, removing). */
export const engineFailure = (error: unknown) =>
  new EngineError('start_failed', `The container engine failed: ${engineMessage(error)}`, {
    cause: error,
  });

/** A failure creating or starting the target's network or container. */
export function startError(hostPort: number, error: unknown): EngineError {
  const detail = engineMessage(error);
  if (/port is already allocated|address already in use/i.test(detail)) {
    return new EngineError(
      'port_taken',
      `Port ${hostPort} is already taken on this server; the target needs another one.`,
      { cause: error },
    );
  }
  if (/cannot allocate memory|out of memory/i.test(detail)) {
    return new EngineError(
      'out_of_memory',
      'The server has no memory left for another target right now; try again later.',
      { cause: error },
    );
  }
  return new EngineError('start_failed', `The target could not start: ${detail}`, {
    cause: error,
  });
}

/**
 * A start refused because the host firewall guard is not in place: the student reads that
 * targets are off for now; the operator's reason is the cause, for the log.
 */
export const isolationUnavailable = (report: IsolationReport) =>
  new EngineError(
    'isolation_unavailable',
    'Live targets cannot start on this server right now: it cannot keep them apart from its other services. Tell your teacher.',
    { cause: new Error(report.message) },
  );
