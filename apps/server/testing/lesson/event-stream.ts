import { REQUEST_DEADLINE_MS, refuseUnlessOk } from './lesson-client';

export interface OpenStream {
  /** Events received so far, by their `type`. */
  received: Map<string, number>;
  close(): void;
  /** Resolves when the stream ends: undefined after `close()`, else why it ended first. */
  ended: Promise<Error | undefined>;
}

/**
 * Opens one of the API's event streams as the web app reads it (a `fetch` with the bearer token,
 * since `EventSource` cannot send one) and calls `onEvent` with each event's `type`. Resolves
 * once the stream answered 200.
 */
export async function openEventStream(
  url: string,
  idToken: string,
  onEvent: (type: string) => void,
): Promise<OpenStream> {
  const controller = new AbortController();
  // The deadline is for the answer's head: the stream itself stays open until closed.
  const deadline = setTimeout(() => controller.abort(), REQUEST_DEADLINE_MS);
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${idToken}` },
    signal: controller.signal,
  }).finally(() => clearTimeout(deadline));
  await refuseUnlessOk(response, `GET ${new URL(url).pathname}`);
  const received = new Map<string, number>();
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async (): Promise<Error | undefined> => {
    let buffered = '';
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += value;
      const messages = buffered.split('\n\n');
      buffered = messages.pop() ?? '';
      for (const message of messages) {
        const data = message
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('\n');
        if (!data) continue;
        const type = String((JSON.parse(data) as { type?: unknown }).type ?? 'message');
        received.set(type, (received.get(type) ?? 0) + 1);
        onEvent(type);
      }
    }
    return controller.signal.aborted ? undefined : new Error('the server ended the stream');
  })().catch((error: unknown) =>
    controller.signal.aborted
      ? undefined
      : error instanceof Error
        ? error
        : new Error(String(error)),
  );
  return { received, close: () => controller.abort(), ended };
}
