import { describe, expect, it } from 'vitest';
import { invitationPreviewRequestSchema, parseAddressList } from './bulk-invitations';

const addressesOf = (text: string) => {
  const list = parseAddressList(text);
  if (!list.ok) throw new Error(list.message);
  return list.addresses;
};

describe('parseAddressList', () => {
  it('reads one address a line, trimmed and in lower case', () => {
    expect(addressesOf('  Ada@Example.org \n\nbob@example.org\r\n')).toEqual([
      { email: 'ada@example.org', line: 1, status: 'new' },
      { email: 'bob@example.org', line: 3, status: 'new' },
    ]);
  });

  it('takes the column a header names, whatever else the file holds', () => {
    const csv =
      'Name;E-Mail;Tutor\n"Lovelace, Ada";ada@example.org;tutor@example.org\nBob;;x@example.org';
    expect(addressesOf(csv).map(({ email, line }) => [email, line])).toEqual([
      ['ada@example.org', 2],
    ]);
  });

  it('reads every cell holding an address when no header names a column', () => {
    const text =
      'ada@example.org, bob@example.org;\tcy@example.org\nDee Dee,dee@example.org\nEve,Smith';
    expect(addressesOf(text).map((address) => address.email)).toEqual([
      'ada@example.org',
      'bob@example.org',
      'cy@example.org',
      'dee@example.org',
    ]);
  });

  it('reads quoted cells and named addresses', () => {
    expect(addressesOf('"Lovelace, Ada <Ada@Example.org>","x@example.org"')).toEqual([
      { email: 'ada@example.org', line: 1, status: 'new' },
      { email: 'x@example.org', line: 1, status: 'new' },
    ]);
  });

  it('marks a second listing in another case as a duplicate of the first', () => {
    expect(addressesOf('ada@example.org\nbob@example.org\nADA@example.ORG')).toEqual([
      { email: 'ada@example.org', line: 1, status: 'new' },
      { email: 'bob@example.org', line: 2, status: 'new' },
      {
        email: 'ada@example.org',
        line: 3,
        status: 'duplicate',
        reason: 'Listed already on line 1',
      },
    ]);
  });

  it('marks a mistyped address invalid, even alone on its line without an @', () => {
    expect(addressesOf('ada@\nbob at example.org\nok@example.org').map((a) => a.status)).toEqual([
      'invalid',
      'invalid',
      'new',
    ]);
  });

  it('takes 500 addresses and refuses 501, saying how many it found', () => {
    const list = (n: number) =>
      Array.from({ length: n }, (_, i) => `student${i}@example.org`).join('\n');
    expect(addressesOf(list(500))).toHaveLength(500);
    expect(parseAddressList(list(501))).toEqual({
      ok: false,
      message: 'The list holds 501 addresses; invite at most 500 at once',
    });
  });

  it('refuses a list without any address', () => {
    expect(parseAddressList(' \n;,\n')).toEqual({
      ok: false,
      message: 'The list holds no email address',
    });
  });
});

describe('invitationPreviewRequestSchema', () => {
  it('names the text when the list is too long', () => {
    const text = Array.from({ length: 501 }, (_, i) => `s${i}@example.org`).join(',');
    const result = invitationPreviewRequestSchema.safeParse({ text });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['text']]);
  });
});
