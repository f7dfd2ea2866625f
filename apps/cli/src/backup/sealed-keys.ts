import { createKeySealer, KeySecretMismatchError } from '@hackclass/identity';
import type { Table } from './tables';

/** Keys not sealed with the key secret in use: sealed with another one, or kept in plain. */
export class KeySecretError extends Error {
  override name = 'KeySecretError';
}

/** The identity tables that hold sealed keys (and the providers' client secrets), by column. */
const SEALED_COLUMNS: Record<string, string> = {
  signing_keys: 'sealed_private_jwk',
  firebase_hash_params: 'sealed_signer_key',
  sign_in_providers: 'client_secret_sealed',
};

export const holdsKeys = (table: Table) =>
  table.schema === 'identity' && Object.hasOwn(SEALED_COLUMNS, table.name);

export type KeyProblem = { kind: 'plain'; kid: string } | { kind: 'other-secret' };

/**
 * What is wrong with the keys in a table's rows (JSON lines), if anything: a signing key kept in
 * plain, which the identity service would adopt at start (`sealPlainKeys`), so whoever wrote it
 * could sign tokens for any account; or a sealed key `keySecret` does not open.
 */
export async function keyProblem(
  table: Table,
  lines: string[],
  keySecret: string,
): Promise<KeyProblem | undefined> {
  if (!holdsKeys(table)) return undefined;
  const column = SEALED_COLUMNS[table.name] as string;
  const sealer = createKeySealer(keySecret);
  for (const line of lines) {
    const row = JSON.parse(line) as Record<string, unknown>;
    if (row.private_jwk != null) return { kind: 'plain', kid: String(row.kid) };
    const sealed = row[column];
    if (typeof sealed !== 'string') continue;
    try {
      await sealer.open(sealed);
    } catch (error) {
      if (!(error instanceof KeySecretMismatchError)) throw error;
      return { kind: 'other-secret' };
    }
  }
  return undefined;
}
