import { randomInt } from 'node:crypto';

/** A–Z and 2–9 without the look-alikes I, L, O, 0 and 1 (the column's check allows a superset). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 8;

export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** As people type it: any case, stray spaces. */
export const normaliseJoinCode = (typed: string) => typed.trim().toUpperCase();
