export class FileNotFoundError extends Error {
  override name = 'FileNotFoundError';
}

/**
 * Storing the file could leave the disk with less room than is kept for the database; nothing
 * was kept. Its code is the system's own for a full disk, so it is answered as one.
 */
export class StorageFullError extends Error {
  override name = 'StorageFullError';
  readonly code = 'ENOSPC';
}

/** The upload went past its size limit; nothing of it was kept. */
export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';

  constructor(readonly limitBytes: number) {
    super(`File is larger than ${limitBytes} bytes`);
  }
}
