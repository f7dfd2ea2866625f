/** How much of a request's body has gone out. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** What a form gives a request that uploads files: progress to show, and a way to abort. */
export interface UploadOptions {
  onUploadProgress(progress: UploadProgress): void;
  signal: AbortSignal;
}

const headersOf = (raw: string) => {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
};

/**
 * `fetch` for a request whose body is uploaded with progress: fetch cannot report how much of a
 * body has been sent, XMLHttpRequest can. Answers a `Response` like fetch's, rejects with a
 * TypeError when the server cannot be reached and with an AbortError when `signal` aborts.
 */
export function uploadRequest(
  input: string,
  init: { method: string; headers: Headers; body: FormData },
  { onUploadProgress, signal }: UploadOptions,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const aborted = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal.aborted) {
      aborted();
      return;
    }
    xhr.open(init.method, input);
    for (const [name, value] of init.headers) xhr.setRequestHeader(name, value);
    xhr.responseType = 'blob';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onUploadProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const empty = [204, 205, 304].includes(xhr.status);
      resolve(
        new Response(empty ? null : (xhr.response as Blob), {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: headersOf(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('The request could not be sent'));
    xhr.onabort = aborted;
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body);
  });
}
