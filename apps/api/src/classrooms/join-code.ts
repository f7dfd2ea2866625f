import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { isUniqueViolation } from '../db/database-errors';
import { classrooms } from '../db/schema';
import { apiErrors } from '../errors';

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

const MAX_CODE_ATTEMPTS = 5;

/** Runs `attempt` with fresh join codes until one is not taken. */
export async function withFreshJoinCode<T>(
  attempt: (code: string) => Promise<T | undefined>,
): Promise<T> {
  for (let tries = 0; tries < MAX_CODE_ATTEMPTS; tries++) {
    const result = await attempt(newJoinCode()).catch((error: unknown) => {
      if (isUniqueViolation(error, 'classrooms_join_code_key')) return undefined;
      throw error;
    });
    if (result !== undefined) return result;
  }
  throw new Error(`no free join code after ${MAX_CODE_ATTEMPTS} attempts`);
}

export async function regenerateJoinCode(db: ApiDatabase, classroomId: string): Promise<string> {
  return withFreshJoinCode(async (joinCode) => {
    const [updated] = await db
      .update(classrooms)
      .set({ joinCode })
      .where(eq(classrooms.id, classroomId))
      .returning({ joinCode: classrooms.joinCode });
    if (!updated) throw apiErrors.notFound('Classroom not found');
    return updated.joinCode;
  });
}
