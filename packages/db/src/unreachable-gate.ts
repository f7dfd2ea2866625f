import type postgres from 'postgres';
import { causedByCode } from './unavailable';
import { unsafeSentThrough } from './unsafe-sent-through';

/** How often a query tries PostgreSQL while it is known to be away. */
const RETRY_EVERY_MS = 250;

/**
 * Codes of a connection that could not be made: nothing listens, no route, no name, no answer in
 * time, or a server shutting down or starting up (57P03). A query cut off under way says only
 * that its own backend ended, which one pg_terminate_backend also does.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'CONNECT_TIMEOUT',
  '57P03',
]);

/** A query refused without being sent, since PostgreSQL is known to be away. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
  /** SQLSTATE `08001`: the client could not establish a connection. */
  readonly code = '08001';

  constructor() {
    super('PostgreSQL is unreachable; the query was not sent');
  }
}

type Begin = (...args: unknown[]) => Promise<unknown>;

/**
 * `client` as Drizzle uses it (`unsafe` and `begin`), refusing every query at once with
 * `DatabaseUnreachableError` from the moment a connection for one cannot be made until a
 * `select 1` answers, tried at once and then every `RETRY_EVERY_MS` until the client ends.
 * Without it each request made while PostgreSQL was away queued behind the pool's connection
 * attempts, and took seconds to learn what the one before it had learnt: a lesson's students
 * waited two seconds and more for each 503, and a readiness check for its whole timeout.
 */
export function refusedWhileUnreachable(client: postgres.Sql): postgres.Sql {
  let away = false;

  const tryAgain = () => {
    client.unsafe('select 1').then(
      () => {
        away = false;
      },
      (error: { code?: unknown }) => {
        if (error.code !== 'CONNECTION_ENDED') setTimeout(tryAgain, RETRY_EVERY_MS).unref();
      },
    );
  };
  const noted = (error: unknown) => {
    if (!away && causedByCode(error, UNREACHABLE_CODES)) {
      away = true;
      tryAgain();
    }
    throw error;
  };

  const unsafe = unsafeSentThrough(client, (send) =>
    away ? Promise.reject(new DatabaseUnreachableError()) : Promise.resolve(send()).catch(noted),
  );

  const begin: Begin = (...args) =>
    away
      ? Promise.reject(new DatabaseUnreachableError())
      : (client.begin as Begin)(...args).catch(noted);

  // While the server is away no query can finish: ending waits for none (the retry's, say).
  const end: postgres.Sql['end'] = (options) =>
    client.end(away ? { ...options, timeout: 0 } : options);

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe;
      if (property === 'begin') return begin;
      if (property === 'end') return end;
      return Reflect.get(target, property, receiver);
    },
  });
}
