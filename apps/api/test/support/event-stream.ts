/**
 * A classroom's event stream over HTTP, as the web app opens it: `fetch` with the ID token,
 * read frame by frame. `close` is the browser tab going away.
 */
export async function watchClassroom(origin: string, idToken: string, classroomId: string) {
  const aborter = new AbortController();
  const response = await fetch(`${origin}/api/classrooms/${classroomId}/events`, {
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

export type ClassroomWatch = Awaited<ReturnType<typeof watchClassroom>>;
