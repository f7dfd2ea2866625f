import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApiDatabase, testApiDatabase } from '../../test/support/api-database';
import { type ApiDatabase, schema } from '.';
import { isUniqueViolation, pgErrorOf } from './database-errors';

let database: TestApiDatabase;
let db: ApiDatabase;

beforeAll(async () => {
  database = await testApiDatabase();
  ({ db } = database);
});

afterAll(() => database.close());

/** The error of inserting a user whose email another user holds. */
async function emailTakenError(): Promise<unknown> {
  const email = `${crypto.randomUUID()}@example.org`;
  const user = () => ({ identityUid: crypto.randomUUID(), email });
  await db.insert(schema.users).values(user());
  return db
    .insert(schema.users)
    .values(user())
    .then(() => expect.unreachable('the second insert went through'))
    .catch((error: unknown) => error);
}

describe('database errors, as the driver in use throws them', () => {
  it('names the unique constraint a write broke', async () => {
    expect(pgErrorOf(await emailTakenError())).toEqual({
      code: '23505',
      constraint: 'users_email_key',
    });
  });

  it('recognises a unique violation, of any constraint or of the one named', async () => {
    const error = await emailTakenError();
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'users_email_key')).toBe(true);
    expect(isUniqueViolation(error, 'labs_slug_key')).toBe(false);
  });

  it('tells other failures apart', async () => {
    const error = await db
      .insert(schema.members)
      .values({ classroomId: crypto.randomUUID(), userId: crypto.randomUUID(), status: 'Accepted' })
      .catch((caught: unknown) => caught);
    expect(pgErrorOf(error).code).toBe('23503');
    expect(isUniqueViolation(error)).toBe(false);
    expect(isUniqueViolation(new Error('not from the database'))).toBe(false);
  });
});
