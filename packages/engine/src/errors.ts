export type EngineErrorCode =
  | 'engine_unreachable'
  | 'image_missing'
  | 'pull_denied'
  | 'image_too_large'
  | 'port_taken'
  | 'out_of_memory'
  | 'start_failed'
  | 'isolation_unavailable'
  | 'box_gone';

/**
 * A failure of the container engine, with a message a student can read. The engine's own error
 * is kept as the cause for the operator's logs; it never escapes the driver by itself.
 */
export class EngineError extends Error {
  override name = 'EngineError';

  constructor(
    readonly code: EngineErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
