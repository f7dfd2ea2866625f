import { EngineError, type EngineErrorCode } from '@hackclass/engine';
import type { HttpError } from '@hackclass/http';
import { apiErrors } from '../errors';

/** Why a target failed, as its row keeps it and a student reads it. */
export interface Failure {
  code: string;
  message: string;
}

/** A start that went wrong after the engine took it: the container exited, or never served. */
export class StartFailure extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The engine's own sentence where it has one; anything else is a plain failed start. */
export function failureOf(error: unknown): Failure {
  if (error instanceof EngineError || error instanceof StartFailure) {
    return { code: error.code, message: error.message };
  }
  return { code: 'start_failed', message: 'The target could not start: try again' };
}

/** An engine failure met while the caller waits (checking an image), as a problem. */
export function problemOf(error: unknown): HttpError | undefined {
  if (!(error instanceof EngineError)) return undefined;
  return apiErrors.engineFailure(error.code, error.message);
}
