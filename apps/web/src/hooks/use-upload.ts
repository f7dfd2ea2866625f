import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadOptions, UploadProgress } from '@/lib/upload-request';

/**
 * A form's file upload: `start()` gives each submission a fresh signal and resets the progress
 * it reports; `abort()` stops it, and so does leaving the page (unmounting).
 */
export function useUpload() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const abort = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setProgress(null);
  }, []);

  const start = useCallback((): UploadOptions => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setProgress(null);
    return {
      signal: current.signal,
      onUploadProgress: (sent) => {
        if (controller.current === current) setProgress(sent);
      },
    };
  }, []);

  useEffect(() => () => controller.current?.abort(), []);

  return { progress, start, abort };
}

/** Whether an error is the abort of an upload the user cancelled, which needs no message. */
export const isAbort = (error: unknown) =>
  error instanceof DOMException && error.name === 'AbortError';
