/**
 * An event stream of the API (`path` under /api) over HTTP, as the web app opens it: `fetch` with the ID token,
 * read frame by frame. `close` is the browser tab going away.
 */
export async function watchEvents(origin: string, idToken: string, path: string) {
  const aborter = new AbortController();
  const response = await fetch(`${origin}/api${path}`, {
    headers: { authorization: `Bearer ${idToken}`, accept: 'text/event-stream' },
    signal: aborter.signal,
  });
  let reader: ReadableStreamDefaultReader<string> | undefined;
  let buffered = '';
  return {
    response,
    /** The next frame as it was sent, blank line included; undefined once the stream ended. */
    async nextFrame(): Promise<string | undefined> {
      reader ??= response.body?.pipeThrough(new TextDecoderStream()).getReader();
      if (!reader) return undefined;
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const frame = buffered.slice(0, end + 2);
          buffered = buffered.slice(end + 2);
          return frame;
        }
        const { value, done } = await reader.read();
        if (done) return undefined;
        buffered += value;
      }
    },
    close: () => aborter.abort(),
  };
}

export type EventWatch = Awaited<ReturnType<typeof watchEvents>>;
export type ClassroomWatch = EventWatch;

export const watchClassroom = (origin: string, idToken: string, classroomId: string) =>
  watchEvents(origin, idToken, `/classrooms/${classroomId}/events`);

/** The signed-in user's own stream (new notifications). */
export const watchUserEvents = (origin: string, idToken: string) =>
  watchEvents(origin, idToken, '/users/me/events');
