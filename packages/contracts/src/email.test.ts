import { describe, expect, it } from 'vitest';
import { emailSchema, INVALID_EMAIL, isEmailAddress, normalizeEmail } from './email';

describe('email addresses', () => {
  it.each([
    'ada@example.org',
    '  Ada.Lovelace+club@Example.ORG ',
    "o'brien@example.ie",
    'élève@école.example',
  ])('takes %j', (address) => {
    expect(isEmailAddress(address)).toBe(true);
    expect(emailSchema.parse(address)).toBe(address.trim());
  });

  it.each([
    'no-at-sign.example',
    'two@@example.org',
    'dotless@example',
    'space in@example.org',
    `tab\t@example.org`,
    `${'a'.repeat(250)}@x.io`,
  ])('refuses %j with the form’s message', (address) => {
    expect(isEmailAddress(address)).toBe(false);
    expect(emailSchema.safeParse(address).error?.issues[0]?.message).toBe(INVALID_EMAIL);
  });

  it('stores and compares them trimmed and lower-cased', () => {
    expect(normalizeEmail('  Ada@Example.ORG ')).toBe('ada@example.org');
  });
});
