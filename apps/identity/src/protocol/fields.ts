import type { FastifyRequest } from 'fastify';
import { invalidField } from './errors';

/** No text field of the protocol is longer; anything more is refused before any work. */
export const MAX_FIELD_LENGTH = 4096;

export type Body = Record<string, unknown>;

/** The request body as an object; a missing body counts as empty so that MISSING_… errors follow. */
export function bodyOf(request: FastifyRequest): Body {
  const { body } = request;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw invalidField('body', 'TYPE_MESSAGE');
  return body as Body;
}

/**
 * Control characters (C0, DEL, C1): no name, address, URL, code or token holds one, and
 * PostgreSQL `text` cannot store U+0000 at all (the query would fail and answer 500).
 */
const controlCharacter = /\p{Cc}/u;

/**
 * A text field as sent, any characters allowed: for passwords, which are only ever hashed, and
 * for emails, which normaliseEmail checks itself so that they fail with INVALID_EMAIL.
 */
export function optionalRawString(body: Body, name: string, maxLength = MAX_FIELD_LENGTH) {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidField(name, 'TYPE_STRING');
  if (value.length > maxLength) throw invalidField(name, `longer than ${maxLength} characters`);
  return value;
}

/** A text field without control characters. */
export function optionalString(body: Body, name: string, maxLength = MAX_FIELD_LENGTH) {
  const value = optionalRawString(body, name, maxLength);
  if (value !== undefined && controlCharacter.test(value)) {
    throw invalidField(name, 'control characters are not allowed');
  }
  return value;
}

export function optionalBoolean(body: Body, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalidField(name, 'TYPE_BOOL');
  return value;
}

export function optionalStringList(body: Body, name: string, maxItems = 16): string[] {
  const value = body[name];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > maxItems) throw invalidField(name, 'TYPE_LIST');
  return value.map((item, index) => {
    if (typeof item !== 'string' || item.length > 64 || controlCharacter.test(item))
      throw invalidField(`${name}[${index}]`, 'TYPE_STRING');
    return item;
  });
}
