import { vi } from 'vitest';

/** Answers one API request: the JSON body of a 200, for the request's URL. */
export type ApiAnswer = (url: URL) => unknown;

/**
 * Stands in for the API at the network's edge: `fetch` answers every GET with the JSON that
 * `answer` gives, and keeps the URLs asked for. Undo with `vi.unstubAllGlobals()`.
 */
export function serveApi(answer: ApiAnswer) {
  const requested: URL[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input, window.location.origin);
    if ((init?.method ?? 'GET') !== 'GET') return new Response(null, { status: 405 });
    requested.push(url);
    return Response.json(answer(url));
  });
  return { requested };
}
