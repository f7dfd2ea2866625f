import type { ApiDatabase } from '../db';
import type { DomainEvent } from './domain-event';

type Recorder = (event: DomainEvent) => void;

/** Where each database handle made by `withDomainEvents` keeps what is recorded on it. */
const recorders = new WeakMap<object, Recorder>();

/**
 * A handle on `db` whose committed changes reach `dispatch`: events recorded on one of its
 * transactions are held until it commits and dropped if it rolls back; events recorded on the
 * handle itself follow a statement that has already committed, and go at once. A savepoint's
 * events join its transaction's when it is released.
 */
export function withDomainEvents<Db extends ApiDatabase>(
  db: Db,
  dispatch: (events: DomainEvent[]) => void,
): Db {
  return tracked(db, (event) => dispatch([event]));
}

function tracked<Db extends ApiDatabase>(db: Db, record: Recorder): Db {
  const handle = Object.create(db) as Db;
  recorders.set(handle, record);
  const transaction: ApiDatabase['transaction'] = async (work, config) => {
    const events: DomainEvent[] = [];
    const result = await db.transaction(
      (tx) => work(tracked(tx, (event) => events.push(event))),
      config,
    );
    for (const event of alikeOnce(events)) record(event);
    return result;
  };
  handle.transaction = transaction;
  return handle;
}

/**
 * The events in order, each alike one once: a change of many rows tells the roster or the
 * outbox once, not once a row.
 */
function alikeOnce(events: DomainEvent[]): DomainEvent[] {
  const seen = new Set<string>();
  return events.filter((event) => {
    const key = JSON.stringify(event);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Runs an operation made of many transactions (a list of invitations, each committed on its
 * own) on a handle that holds their events, and hands them on once it ends, alike ones once:
 * whatever committed before a failure is told all the same.
 */
export async function inOneTelling<T>(
  db: ApiDatabase,
  work: (db: ApiDatabase) => Promise<T>,
): Promise<T> {
  const held: DomainEvent[] = [];
  try {
    return await work(tracked(db, (event) => held.push(event)));
  } finally {
    for (const event of alikeOnce(held)) recordEvent(db, event);
  }
}

/**
 * Records that `event` happened, on the transaction (or handle) that made it happen. A handle
 * `withDomainEvents` did not make (a tool's own connection) has no subscribers: nothing is told.
 */
export function recordEvent(db: ApiDatabase, event: DomainEvent): void {
  recorders.get(db)?.(event);
}
