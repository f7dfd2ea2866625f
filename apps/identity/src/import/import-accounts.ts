import { analyzeTables } from '@hackclass/db';
import { inArray, or, sql } from 'drizzle-orm';
import { releaseFirebaseParams, sealFirebaseParams } from '../accounts/firebase-params';
import type { FirebaseHashParams } from '../accounts/firebase-scrypt';
import type { IdentityDatabase } from '../db';
import { accounts, type FirebaseHashParamsRow, firebaseHashParams } from '../db/schema';
import type { KeySealer } from '../tokens/key-sealing';
import type { FirebaseUser } from './firebase-export';
import { type NewImportedAccount, planAccount, type Skipped } from './plan-account';

/** Users written per transaction: a failure loses at most one batch, and a re-run fills it. */
export const IMPORT_BATCH_SIZE = 500;

export interface Imported {
  uid: string;
  email: string;
  /** Set when the file's uid did not fit ours and the account got `uid` instead. */
  firebaseUid?: string;
}

export interface ImportResult {
  read: number;
  imported: Imported[];
  skipped: Skipped[];
}

interface Seen {
  emails: Set<string>;
  uids: Set<string>;
}

/** Decides each planned account of one batch against the database and the batch's before it. */
async function sortBatch(
  db: IdentityDatabase,
  planned: ReturnType<typeof planAccount>[],
  seen: Seen,
) {
  const candidates = planned.flatMap((plan) => ('account' in plan ? [plan.account] : []));
  const existing =
    candidates.length === 0
      ? []
      : await db
          .select({ uid: accounts.uid, email: sql<string>`lower(${accounts.email})` })
          .from(accounts)
          .where(
            or(
              inArray(
                sql`lower(${accounts.email})`,
                candidates.map((account) => account.email),
              ),
              inArray(
                accounts.uid,
                candidates.map((account) => account.uid),
              ),
            ),
          );
  const uidByEmail = new Map(existing.map((row) => [row.email, row.uid]));
  const takenUids = new Set(existing.map((row) => row.uid));
  const toInsert: NewImportedAccount[] = [];
  const skipped: Skipped[] = [];
  for (const plan of planned) {
    if ('skipped' in plan) {
      skipped.push(plan.skipped);
      continue;
    }
    const { account } = plan;
    const skip = (reason: Skipped['reason']) =>
      skipped.push({ uid: account.firebaseUid ?? account.uid, email: account.email, reason });
    const holder = uidByEmail.get(account.email);
    if (seen.emails.has(account.email)) skip('duplicate-in-file');
    else if (holder !== undefined) {
      // A uid that did not fit was replaced by a fresh one, so only the email can tell.
      skip(holder === account.uid || account.firebaseUid ? 'already-imported' : 'email-taken');
    } else if (takenUids.has(account.uid) || seen.uids.has(account.uid)) skip('uid-taken');
    else toInsert.push(account);
    seen.emails.add(account.email);
    seen.uids.add(account.uid);
  }
  return { toInsert, skipped };
}

/** Writes a batch's accounts with the parameters row their hashes name; the uids written. */
async function insertAccounts(
  tx: IdentityDatabase,
  paramsRow: FirebaseHashParamsRow,
  toInsert: NewImportedAccount[],
): Promise<Set<string>> {
  await tx.insert(firebaseHashParams).values(paramsRow).onConflictDoNothing();
  const written = await tx
    .insert(accounts)
    .values(toInsert.map(({ firebaseUid: _, ...account }) => account))
    .onConflictDoNothing()
    .returning({ uid: accounts.uid });
  return new Set(written.map((row) => row.uid));
}

/**
 * Imports the users of a Firebase export, in batches of one transaction each, keeping each
 * user's Firebase password hash until their first sign-in. The project's parameters are kept
 * once, the signer key sealed with `sealer`, in a row each batch writes with its accounts (so a
 * sign-in re-hashing the last account of an earlier batch cannot leave later ones without it);
 * a run that imported nobody leaves no row. Everything already here is skipped, so running the
 * same file again changes nothing. With `dryRun`, decides the same and writes nothing. The
 * accounts' statistics are gathered at the end (`analyzeTables`).
 */
export async function importFirebaseAccounts(
  db: IdentityDatabase,
  users: FirebaseUser[],
  {
    params,
    sealer,
    dryRun = false,
    now = () => new Date(),
    onBatch,
  }: {
    params: FirebaseHashParams;
    sealer: KeySealer;
    dryRun?: boolean;
    now?: () => Date;
    /** Told after each batch how many users are done. */
    onBatch?: (done: number) => void;
  },
): Promise<ImportResult> {
  const result: ImportResult = { read: users.length, imported: [], skipped: [] };
  const seen: Seen = { emails: new Set(), uids: new Set() };
  const paramsRow = await sealFirebaseParams(sealer, params, now());
  for (let start = 0; start < users.length; start += IMPORT_BATCH_SIZE) {
    const at = now();
    const planned = users
      .slice(start, start + IMPORT_BATCH_SIZE)
      .map((user) => planAccount(user, paramsRow.id, at));
    await db.transaction(async (tx) => {
      const { toInsert, skipped } = await sortBatch(tx, planned, seen);
      result.skipped.push(...skipped);
      const written =
        dryRun || toInsert.length === 0
          ? new Set(toInsert.map((account) => account.uid))
          : await insertAccounts(tx, paramsRow, toInsert);
      for (const account of toInsert) {
        const { uid, email, firebaseUid } = account;
        if (written.has(uid)) {
          result.imported.push({ uid, email, ...(firebaseUid ? { firebaseUid } : {}) });
        } else {
          // Taken between the look-up and the insert, by a sign-up on the running service.
          result.skipped.push({ uid: firebaseUid ?? uid, email, reason: 'email-taken' });
        }
      }
    });
    onBatch?.(Math.min(start + IMPORT_BATCH_SIZE, users.length));
  }
  if (!dryRun) await releaseFirebaseParams(db, paramsRow.id);
  if (!dryRun && result.imported.length > 0) await analyzeTables(db, [accounts]);
  return result;
}
