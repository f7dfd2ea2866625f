import type { FastifyBaseLogger } from 'fastify';
import { deleteProductUser } from '../accounts/delete-user';
import type { ApiDatabase } from '../db';
import {
  ACCOUNT_EVENTS_PAGE,
  type AccountEvent,
  type IdentityAdmin,
} from '../identity-admin/client';
import type { KnownUsers } from '../users/known-users';
import { REVOCATION_KEPT_MS, type Revocations } from '../users/revocations';
import { readCursor, saveCursor } from './cursor';

/**
 * Events younger than this are applied but the cursor stays before them: an event whose
 * transaction commits after a later-numbered one would otherwise be skipped for good.
 * Applying an event twice changes nothing.
 */
const SETTLE_MS = 10_000;

export interface AccountEventFeed {
  /** Polls every `intervalMs` until closed; the first poll reads the last hour's revocations. */
  start(services: { db: ApiDatabase; log: FastifyBaseLogger }): void;
  /** Reads and applies the events since the last poll, now. */
  poll(): Promise<void>;
  /** Stops polling and waits for a poll under way. */
  stop(): Promise<void>;
}

export interface AccountEventFeedOptions {
  identityAdmin: IdentityAdmin;
  revocations: Revocations;
  knownUsers: KnownUsers;
  intervalMs: number;
  now?: () => number;
}

/**
 * Carries the identity service's revocations and deletions to this API process: revoked tokens
 * are refused from the next poll, deleted accounts' product users removed. The API never reads
 * the identity service's tables, so it asks its admin API.
 */
export function accountEventFeed({
  identityAdmin,
  revocations,
  knownUsers,
  intervalMs,
  now = Date.now,
}: AccountEventFeedOptions): AccountEventFeed {
  let services: Parameters<AccountEventFeed['start']>[0] | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let recentLoaded = false;

  async function apply(event: AccountEvent): Promise<void> {
    const recordedAt = Date.parse(event.createdAt);
    if (event.type === 'revoked') {
      revocations.revoke(event.uid, event.validSince, recordedAt);
    } else {
      revocations.revoke(event.uid, Number.POSITIVE_INFINITY, recordedAt);
      await deleteProductUser(requireServices().db, event.uid);
    }
    knownUsers.forget(event.uid);
  }

  /** Applies every event after `after`; returns the last sequence number that has settled. */
  async function catchUp(after: number, since?: number): Promise<number> {
    let settled = after;
    let last = after;
    let blocked = false;
    for (;;) {
      const events = await identityAdmin.listAccountEvents({ after: last, since });
      for (const event of events) {
        await apply(event);
        last = event.seq;
        blocked ||= Date.parse(event.createdAt) > now() - SETTLE_MS;
        if (!blocked) settled = event.seq;
      }
      if (events.length < ACCOUNT_EVENTS_PAGE) return settled;
    }
  }

  async function pollOnce(): Promise<void> {
    const { db } = requireServices();
    // This process's memory starts empty: the last hour's revocations may refuse live tokens.
    if (!recentLoaded) {
      await catchUp(0, Math.floor((now() - REVOCATION_KEPT_MS) / 1000));
      recentLoaded = true;
    }
    const cursor = await readCursor(db);
    const settled = await catchUp(cursor);
    if (settled > cursor) await saveCursor(db, settled);
    revocations.prune();
  }

  function requireServices() {
    if (!services) throw new Error('the account event feed has not been started');
    return services;
  }

  // A poll asked for while one runs follows it, so that it sees what happened before the ask.
  const poll = (): Promise<void> => {
    if (running) {
      queued ??= running
        .catch(() => undefined)
        .then(() => {
          queued = undefined;
          return poll();
        });
      return queued;
    }
    running = pollOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    start(given) {
      services = given;
      const tick = () =>
        poll().catch((error: unknown) =>
          given.log.warn({ err: error }, 'account events not read; retrying'),
        );
      void tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    poll,
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await Promise.all([running, queued]).catch(() => undefined);
    },
  };
}
