export class FileNotFoundError extends Error {
  override name = 'FileNotFoundError';
}

/** The upload went past its size limit; nothing of it was kept. */
export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';

  constructor(readonly limitBytes: number) {
    super(`File is larger than ${limitBytes} bytes`);
  }
}
