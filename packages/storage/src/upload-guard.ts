import { Transform } from 'node:stream';
import { FileTooLargeError } from './errors';
import type { PutOptions } from './file-store';

/**
 * Passes an upload's bytes through, counting them into `counted`: fails past `maxBytes`, and
 * lets `inspectHead` refuse the file by its first chunk before anything is kept.
 */
export function uploadGuard(
  { maxBytes = Number.POSITIVE_INFINITY, inspectHead }: PutOptions,
  counted: { bytes: number },
): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        if (counted.bytes === 0) inspectHead?.(chunk);
      } catch (error) {
        callback(error as Error);
        return;
      }
      counted.bytes += chunk.length;
      if (counted.bytes > maxBytes) callback(new FileTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
}
