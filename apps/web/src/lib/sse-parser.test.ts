import { describe, expect, it } from 'vitest';
import { sseParser } from './sse-parser';

const STREAM =
  'retry: 3000\n\n' +
  'event: members\ndata: {"type":"members"}\n\n' +
  ': heartbeat\n\n' +
  'event: solve\ndata: {"type":"solve","labId":"l","userId":"u"}\n\n';

const EXPECTED = [
  { event: 'members', data: '{"type":"members"}', lastEventId: '' },
  { event: 'solve', data: '{"type":"solve","labId":"l","userId":"u"}', lastEventId: '' },
];

describe('the server-sent events parser', () => {
  it('reads the API’s frames: events, heartbeat comments and the retry hint', () => {
    const parser = sseParser();
    expect(parser.feed(STREAM)).toEqual(EXPECTED);
    expect(parser.retryMs).toBe(3000);
  });

  it('gives the same messages however the stream is cut into chunks', () => {
    for (let size = 1; size <= STREAM.length; size++) {
      const parser = sseParser();
      const messages = [];
      for (let start = 0; start < STREAM.length; start += size) {
        messages.push(...parser.feed(STREAM.slice(start, start + size)));
      }
      expect(messages, `chunks of ${size}`).toEqual(EXPECTED);
    }
  });

  it('dispatches a message only at the blank line that ends it', () => {
    const parser = sseParser();
    expect(parser.feed('event: labs\ndata: {}\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual([{ event: 'labs', data: '{}', lastEventId: '' }]);
  });

  it('accepts CRLF, CR and LF line ends, a CRLF split across chunks included', () => {
    const parser = sseParser();
    expect(parser.feed('data: a\r\n\r')).toEqual([
      { event: 'message', data: 'a', lastEventId: '' },
    ]);
    expect(parser.feed('\ndata: b\r\rdata: c\n\n')).toEqual([
      { event: 'message', data: 'b', lastEventId: '' },
      { event: 'message', data: 'c', lastEventId: '' },
    ]);
  });

  it('joins data lines, keeps the last id and ignores frames without data', () => {
    const parser = sseParser();
    expect(parser.feed('id: 7\nevent: x\n\ndata: one\ndata:two\ndata\n\n')).toEqual([
      { event: 'message', data: 'one\ntwo\n', lastEventId: '7' },
    ]);
  });

  it('ignores unknown fields, ids with NUL and retry values that are not digits', () => {
    const parser = sseParser();
    expect(parser.feed('retry: 10\nretry: soon\nid: a\0b\nfoo: bar\ndata: x\n\n')).toEqual([
      { event: 'message', data: 'x', lastEventId: '' },
    ]);
    expect(parser.retryMs).toBe(10);
  });
});
