/** One dispatched server-sent event. */
export interface SseMessage {
  /** The `event:` field; `message` when the frame had none. */
  event: string;
  /** The `data:` lines, joined with line feeds. */
  data: string;
  /** The last `id:` seen on the stream, as EventSource keeps it. */
  lastEventId: string;
}

/**
 * An incremental parser of `text/event-stream`, as the HTML standard's EventSource interprets
 * it (§9.2.6): feed it decoded text in chunks of any size, it answers the messages each chunk
 * completed. Comments (heartbeats) and frames without data dispatch nothing.
 */
export function sseParser() {
  let buffer = '';
  let afterCr = false;
  let event = '';
  let data: string[] = [];
  let lastEventId = '';
  let retryMs: number | undefined;

  function field(line: string): SseMessage | undefined {
    if (line === '') {
      const message =
        data.length > 0
          ? { event: event || 'message', data: data.join('\n'), lastEventId }
          : undefined;
      event = '';
      data = [];
      return message;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'event') event = value;
    else if (name === 'data') data.push(value);
    else if (name === 'id' && !value.includes('\0')) lastEventId = value;
    else if (name === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
    return undefined;
  }

  return {
    /** The messages this chunk completed. */
    feed(chunk: string): SseMessage[] {
      if (afterCr && chunk !== '') {
        afterCr = false;
        buffer += chunk.startsWith('\n') ? chunk.slice(1) : chunk;
      } else {
        buffer += chunk;
      }
      const messages: SseMessage[] = [];
      for (let end = buffer.search(/[\r\n]/); end >= 0; end = buffer.search(/[\r\n]/)) {
        const line = buffer.slice(0, end);
        const crlf = buffer.startsWith('\r\n', end);
        // A CR that ends the chunk may be the first half of a CRLF: the LF is skipped if it comes.
        afterCr = !crlf && buffer[end] === '\r' && end === buffer.length - 1;
        buffer = buffer.slice(crlf ? end + 2 : end + 1);
        const message = field(line);
        if (message) messages.push(message);
      }
      return messages;
    },
    /** The reconnection delay the stream asked for with `retry:`, if it did. */
    get retryMs(): number | undefined {
      return retryMs;
    },
  };
}

export type SseParser = ReturnType<typeof sseParser>;
