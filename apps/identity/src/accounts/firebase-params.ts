import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { IdentityDatabase } from '../db';
import { accounts, type FirebaseHashParamsRow, firebaseHashParams } from '../db/schema';
import type { KeySealer } from '../tokens/key-sealing';
import type { FirebaseHashParams } from './firebase-scrypt';

const sealedKid = (id: string) => `firebase-hash-params:${id}`;

/** A new parameters row for one import, the signer key sealed; written by the import itself. */
export async function sealFirebaseParams(
  sealer: KeySealer,
  params: FirebaseHashParams,
  now: Date,
): Promise<FirebaseHashParamsRow> {
  const id = randomBytes(9).toString('base64url');
  return {
    id,
    rounds: params.rounds,
    memCost: params.memCost,
    saltSeparator: params.saltSeparator.toString('base64'),
    sealedSignerKey: await sealer.seal({
      kty: 'oct',
      k: params.signerKey.toString('base64url'),
      kid: sealedKid(id),
    }),
    createdAt: now,
  };
}

async function openFirebaseParams(
  sealer: KeySealer,
  row: FirebaseHashParamsRow,
): Promise<FirebaseHashParams> {
  const jwk = await sealer.open(row.sealedSignerKey);
  if (jwk.kid !== sealedKid(row.id) || typeof jwk.k !== 'string') {
    throw new Error(`the sealed signer key of Firebase hash parameters ${row.id} is not theirs`);
  }
  return {
    signerKey: Buffer.from(jwk.k, 'base64url'),
    saltSeparator: Buffer.from(row.saltSeparator, 'base64'),
    rounds: row.rounds,
    memCost: row.memCost,
  };
}

/** The imports' parameters, opened once per process: a row never changes, it only goes. */
export interface FirebaseParamsStore {
  byId(id: string): Promise<FirebaseHashParams | undefined>;
  /** The costliest parameters any remaining import uses, or undefined when none remains. */
  costliest(): Promise<FirebaseHashParams | undefined>;
}

export function createFirebaseParamsStore(
  db: IdentityDatabase,
  sealer: KeySealer,
): FirebaseParamsStore {
  const opened = new Map<string, Promise<FirebaseHashParams>>();
  const open = (row: FirebaseHashParamsRow) => {
    let params = opened.get(row.id);
    if (!params) {
      params = openFirebaseParams(sealer, row);
      opened.set(row.id, params);
    }
    return params;
  };
  return {
    async byId(id) {
      const [row] = await db.select().from(firebaseHashParams).where(eq(firebaseHashParams.id, id));
      return row && open(row);
    },
    async costliest() {
      const [row] = await db
        .select()
        .from(firebaseHashParams)
        .orderBy(desc(sql`${firebaseHashParams.rounds} * pow(2, ${firebaseHashParams.memCost})`))
        .limit(1);
      return row && open(row);
    },
  };
}

/**
 * Deletes the parameters row `id` once no account's hash names it. Run after the hash naming it
 * changed: of two last accounts re-hashed together, the later commit sees the earlier.
 */
export async function releaseFirebaseParams(db: IdentityDatabase, id: string): Promise<void> {
  await db
    .delete(firebaseHashParams)
    .where(
      and(
        eq(firebaseHashParams.id, id),
        sql`not exists (select 1 from ${accounts} where starts_with(${accounts.passwordHash}, ${`firebase-scrypt$${id}$`}))`,
      ),
    );
}
