import fc from 'fast-check';

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * Percent-encodes every byte of the UTF-8 form but the unreserved ones; unlike
 * `encodeURIComponent` it takes lone surrogates (as U+FFFD) instead of throwing.
 */
export const percentEncoded = (value: string) =>
  [...Buffer.from(value)]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

/** Strings a careless or hostile client sends: control characters, unicode, huge, tricky words. */
export const junkString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  // Lone surrogates and NUL among them: what JSON allows and PostgreSQL text does not.
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ maxLength: 10 }).map((value) => `${value}\u0000`),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '../',
    '../../etc/passwd',
    '%00',
    '💥',
    '\ud800',
    'null',
    '__proto__',
    'constructor',
    '1e400',
    '-1',
    'NaN',
    'true',
    "'; drop table users; --",
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.constantFrom(255, 4_096, 100_001).map((length) => 'a'.repeat(length)),
);

/** Any JSON value, or a number, boolean or string where something else is expected. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  junkString,
  fc.constantFrom(null, true, 0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, '1', '3', '[]'),
  fc.array(junkString, { maxLength: 3 }),
);

/** A JSON body: anything at all, or objects with the route's field names and wrong values. */
export function jsonBody(fields: readonly string[]): fc.Arbitrary<unknown> {
  const names = fc.constantFrom(...fields, '__proto__', 'constructor', 'extra');
  return fc.oneof(
    fc.anything({ maxDepth: 3 }),
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(names, junkValue, { maxKeys: fields.length + 2 }),
    fields.length === 0
      ? fc.constant({})
      : fc.record(Object.fromEntries(fields.map((field) => [field, junkValue])), {
          requiredKeys: [],
        }),
  );
}

/** A path segment: the given valid id, another uuid, or junk (`..`, percent-encoded, long). */
export function pathSegment(valid: string | undefined): fc.Arbitrary<string> {
  const junk = fc.oneof(
    fc.uuid(),
    junkString.filter((value) => value.length > 0).map(percentEncoded),
    fc.constantFrom(
      '..',
      '.',
      '%2e%2e%2f',
      '..%2f..%2fetc%2fpasswd',
      '%',
      '%zz',
      '%E0%A4%A',
      '%C0%AF',
      '%00',
      '%ff%fe',
      'a%2Fb',
      'not-a-uuid',
      'ABCDEF00-0000-0000-0000-00000000000G',
      '00000000-0000-0000-0000-000000000000',
    ),
    fc.integer({ min: 99, max: 5_000 }).map((length) => 'a'.repeat(length)),
  );
  return valid === undefined ? junk : fc.oneof({ weight: 2, arbitrary: fc.constant(valid) }, junk);
}

const queryValue = fc.oneof(
  junkString,
  fc.constantFrom('', '0', '-1', '-100', '1', '2', '101', '1e3', '1.5', 'abc', 'true', 'false'),
  fc.constantFrom('99999999999999999999', '9007199254740993', '1e308', 'Infinity', '0x10'),
  fc.constantFrom('Invited', 'Accepted', 'PendingApproval', 'nobody@example.org', 'a@b'),
);

/**
 * A query string: the route's names and others, repeated, bracketed as arrays, empty, or
 * malformed percent-encoding.
 */
export function queryString(names: readonly string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    fc.constantFrom(...names, 'page', 'pageSize', 'x'),
    fc.constantFrom(...names, 'a').map((key) => `${key}[]`),
    fc.constantFrom(...names, 'a').map((key) => `${key}[0][b]`),
  );
  const pair = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.tuple(name, queryValue).map(([k, v]) => `${k}=${percentEncoded(v)}`),
    },
    fc.constantFrom('', '=', '&', 'x', '%zz=%', 'page=%E0%A4%A', '==1', 'a=1=2'),
    fc.constantFrom(...names, 'x'),
  );
  return fc
    .array(pair, { maxLength: 6 })
    .map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}
