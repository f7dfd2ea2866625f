import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** The archive entry after the manifest that holds its signature. */
export const SIGNATURE_ENTRY = 'manifest.sig';

/** The archive is not signed by the key secret the restore runs with. */
export class BackupSignatureError extends Error {
  override name = 'BackupSignatureError';
}

/**
 * HMAC-SHA-256 under a key derived from the identity key secret. The manifest holds every
 * entry's size and SHA-256, so its signature covers the whole archive: the checksums alone stop
 * accidents, not someone who can rewrite them. The key is named by a fingerprint so a restore can
 * tell another deployment's secret from an altered archive.
 */
function signerOf(keySecret: string) {
  const key = Buffer.from(
    hkdfSync('sha256', keySecret, 'hackclass', 'hackclass backup manifest', 32),
  );
  return {
    fingerprint: createHash('sha256').update(key).digest('base64url').slice(0, 16),
    mac: (manifest: Buffer) => createHmac('sha256', key).update(manifest).digest(),
  };
}

/** The bytes of the signature entry for the manifest's exact bytes. */
export function signManifest(manifest: Buffer, keySecret: string): Buffer {
  const { fingerprint, mac } = signerOf(keySecret);
  const signature = { key: fingerprint, mac: mac(manifest).toString('hex') };
  return Buffer.from(`${JSON.stringify(signature)}\n`);
}

function parsed(signature: Buffer): { key?: unknown; mac?: unknown } {
  try {
    return JSON.parse(signature.toString('utf8')) ?? {};
  } catch {
    return {};
  }
}

/**
 * Whether the manifest is signed with `keySecret`: 'signed', or 'unsigned' when there is no
 * signature and `acceptUnsigned` (the operator's decision for archives made before backups were
 * signed); throws otherwise.
 */
export function checkSignature(
  manifest: Buffer,
  signature: Buffer | undefined,
  keySecret: string,
  { acceptUnsigned = false }: { acceptUnsigned?: boolean } = {},
): 'signed' | 'unsigned' {
  if (!signature) {
    if (acceptUnsigned) return 'unsigned';
    throw new BackupSignatureError(
      'This backup is not signed: it was made before HackClass signed its backups, or its signature was removed. Use a newer backup; to restore this one anyway, pass --accept-unsigned, but only if you know nobody else could write where it was kept: every account, password and key in it would be taken as it is',
    );
  }
  const { fingerprint, mac } = signerOf(keySecret);
  const { key, mac: given } = parsed(signature);
  if (typeof key === 'string' && key !== fingerprint) {
    throw new BackupSignatureError(
      "This backup is not signed by this deployment's key secret: it was made with another IDENTITY_KEY_SECRET, or by someone else. Set IDENTITY_KEY_SECRET to the backed-up server's (one without it kept it in its DATA_DIR/identity-key-secret file: copy that file over this DATA_DIR's); if that is already so, do not restore this backup",
    );
  }
  const expected = mac(manifest);
  const found = typeof given === 'string' ? Buffer.from(given, 'hex') : Buffer.alloc(0);
  if (found.length !== expected.length || !timingSafeEqual(found, expected)) {
    throw new BackupSignatureError(
      "This backup's signature does not match its contents: it was altered since it was made. Do not restore it; use another backup",
    );
  }
  return 'signed';
}
