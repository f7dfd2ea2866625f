import fc from 'fast-check';
import { jsonBody, junkString } from './arbitraries';
import { PNG, UPLOAD_LIMITS } from './world';

/** A request body as it goes on the wire. */
export interface Body {
  contentType?: string;
  payload?: string | Buffer;
}

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; bytes: Uint8Array };

/** As browsers do (WHATWG), quotes and line breaks in names are percent-encoded. */
const quoted = (value: string) =>
  `"${value.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A')}"`;

export function multipartOf(
  parts: Part[],
  boundary = 'bad-input-boundary',
): { contentType: string; payload: Buffer } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(part.name)}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(part.name)}; ` +
          `filename=${quoted(part.filename)}\r\nContent-Type: ${part.type}\r\n\r\n`;
    chunks.push(Buffer.from(head), Buffer.from('value' in part ? part.value : part.bytes));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat(chunks),
  };
}

const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 64 }),
  fc.uint8Array({ maxLength: 64 }).map((tail) => Buffer.concat([PNG, tail])),
  fc.constant(Buffer.alloc(UPLOAD_LIMITS.fileMaxBytes + 1, 0x89)),
  fc.constant(Buffer.alloc(0)),
);

/** Random parts: the form's own names and others, text where files go and files where text goes. */
function multipartParts(names: readonly string[]): fc.Arbitrary<Part[]> {
  const name = fc.oneof(fc.constantFrom(...names, 'extra'), junkString);
  const text = fc.record({ name, value: junkString });
  const file = fc.record({
    name,
    filename: fc.oneof(junkString, fc.constantFrom('a.png', '../../etc/passwd', '')),
    type: fc.constantFrom(
      'image/png',
      'application/octet-stream',
      'text/html; charset=utf-8',
      '',
      'a\u0000b/x',
      'not a type',
      `x/${'y'.repeat(300)}`,
    ),
    bytes: fileBytes,
  });
  return fc.array(fc.oneof(text, file), { maxLength: 6 });
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];

/**
 * A body for a route taking the fields `names` (as a multipart form when `takesForm`): JSON of
 * them with wrong values, or anything at all, in the right and the wrong content types;
 * multipart with random parts, no parts, no boundary, or cut short.
 */
export function bodyFor(names: string[], takesForm: boolean): fc.Arbitrary<Body> {
  const json = jsonBody(names).map((value) => JSON.stringify(value) ?? '');
  const multipart = multipartParts(names).map((parts) => multipartOf(parts));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<Body>({}) },
    {
      weight: takesForm ? 1 : 5,
      arbitrary: fc.record({ contentType: fc.constantFrom(...JSON_TYPES), payload: json }),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        json.map((text) => ({ contentType: 'application/json', payload: `\uFEFF${text}` })),
        json.map((text) => ({
          contentType: 'application/json',
          payload: text.slice(0, Math.floor(text.length / 2)),
        })),
        junkString.map((text) => ({ contentType: 'application/json', payload: text })),
        junkString.map((text) => ({ contentType: 'text/plain', payload: text })),
        fc.constant({ contentType: 'application/xml', payload: '<a><b>1</b></a>' }),
        fc.constant({ contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' }),
        fc.constant({ contentType: 'application/json; charset=utf-16', payload: '{}' }),
        fc.constant({ contentType: 'image/png', payload: PNG }),
      ),
    },
    { weight: takesForm ? 5 : 1, arbitrary: multipart },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constant({ contentType: 'multipart/form-data', payload: '--x\r\n' }),
        fc.constant({ contentType: 'multipart/form-data; boundary=x', payload: '' }),
        fc.constant({ contentType: 'multipart/form-data; boundary=x', payload: '--x--\r\n' }),
        fc.constant({ contentType: 'multipart/form-data; boundary=y', payload: 'junk--x--' }),
        fc.tuple(multipart, fc.double({ min: 0, max: 1, noNaN: true })).map(([body, cut]) => ({
          contentType: body.contentType,
          payload: body.payload.subarray(0, Math.floor(body.payload.length * cut)),
        })),
      ),
    },
  );
}
