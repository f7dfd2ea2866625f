import { useEffect, useEffectEvent } from 'react';
import { showsServerRenderedData } from '@/prerender/page-data';
import { signedInUser } from './identity';
import { type EventTypes, knownEventOf } from './known-event';
import { getRuntimeConfig } from './runtime-config';
import { sseParser } from './sse-parser';

/** Until the stream says otherwise with `retry:` (the API says 3 s). */
const DEFAULT_RETRY_MS = 3_000;
/** Failures in a row double the wait, up to this. */
const MAX_RETRY_MS = 60_000;

export interface EventStreamHandlers<Event> {
  onEvent(event: Event): void;
  /** The stream is open again after a break: events of the break were missed. */
  onReconnect?(): void;
}

/** Statuses that another try will not change: what is watched is gone or not the caller's. */
const FINAL_STATUSES = new Set([403, 404]);

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Watches one of the API's event streams (`path`, e.g. a classroom's) until `signal` aborts. `EventSource` cannot send the
 * bearer token, so the stream is read with `fetch`; every (re)connection asks the identity SDK
 * for the token, which refreshes it when it is about to expire (the API ends a stream when its
 * token expires). Breaks are retried after the stream's `retry:` delay, doubled for each failure
 * in a row, with jitter so that the clients of a restarting server do not return all at once.
 */
export async function watchEventStream<Event extends { type: string }>(
  path: string,
  types: EventTypes<Event>,
  handlers: EventStreamHandlers<Event>,
  signal: AbortSignal,
): Promise<void> {
  let retryMs = DEFAULT_RETRY_MS;
  let failures = 0;
  let opened = false;
  let forceRefresh = false;
  while (!signal.aborted) {
    try {
      const idToken: string | undefined = await (await signedInUser())?.getIdToken(forceRefresh);
      if (!idToken) return;
      forceRefresh = false;
      const response: Response = await fetch(`${getRuntimeConfig().apiBaseUrl}${path}`, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${idToken}` },
        cache: 'no-store',
        signal,
      });
      if (FINAL_STATUSES.has(response.status)) return;
      if (!response.ok || !response.body) {
        forceRefresh = response.status === 401;
        throw new Error(`The event stream ${path} answered ${response.status}`);
      }
      // What was missed is caught up as after a break: events of a page the server rendered
      // went by before its first stream opened.
      if (opened || showsServerRenderedData()) handlers.onReconnect?.();
      opened = true;
      failures = 0;
      const parser = sseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        for (const message of parser.feed(read.value)) {
          const event = knownEventOf(types, message.data);
          if (event) handlers.onEvent(event);
        }
        retryMs = parser.retryMs ?? retryMs;
      }
    } catch {
      if (signal.aborted) return;
      failures += 1;
    }
    const backoff = Math.min(retryMs * 2 ** failures, MAX_RETRY_MS);
    await pause(backoff * (0.5 + Math.random() / 2), signal);
  }
}

/**
 * Calls `onEvent` for each event of the stream at `path` while the component is mounted (and
 * `path` is set); `onReconnect` after a break in the stream. The handlers may change between
 * renders without reopening the stream.
 */
export function useEventStream<Event extends { type: string }>(
  path: string | undefined,
  types: EventTypes<Event>,
  onEvent: EventStreamHandlers<Event>['onEvent'],
  onReconnect?: EventStreamHandlers<Event>['onReconnect'],
): void {
  const handleEvent = useEffectEvent(onEvent);
  const handleReconnect = useEffectEvent(() => onReconnect?.());
  useEffect(() => {
    if (!path) return;
    const stop = new AbortController();
    void watchEventStream(
      path,
      types,
      { onEvent: (event) => handleEvent(event), onReconnect: () => handleReconnect() },
      stop.signal,
    );
    return () => stop.abort();
  }, [path, types]);
}
