import { randomBytes } from 'node:crypto';
import { type FirebaseHashParams, firebaseScryptHash } from '@hackclass/identity';

/** The shape of a Firebase project's parameters; the signer key is this fixture's own. */
export const projectParams: FirebaseHashParams = {
  signerKey: randomBytes(64),
  saltSeparator: Buffer.from('Bw==', 'base64'),
  rounds: 8,
  memCost: 14,
};

export const hashArgs = [
  '--hash-algo',
  'SCRYPT',
  '--hash-key',
  projectParams.signerKey.toString('base64'),
  '--salt-separator',
  'Bw==',
  '--rounds',
  '8',
  '--mem-cost',
  '14',
];

const b64 = (bytes: Buffer) => bytes.toString('base64');

/** An exported password user whose password nobody knows (random hash bytes). */
export function exportedUser(n: number, changes: Record<string, unknown> = {}) {
  return {
    localId: `fbUid${String(n).padStart(23, '0')}`,
    email: `pupil${n}@school.example`,
    emailVerified: n % 2 === 0,
    passwordHash: b64(randomBytes(64)),
    salt: b64(randomBytes(12)),
    displayName: `Pupil ${n}`,
    createdAt: String(Date.UTC(2021, 8, 1) + n * 60_000),
    lastSignedInAt: String(Date.UTC(2024, 0, 1)),
    providerUserInfo: [{ providerId: 'password', rawId: `pupil${n}@school.example` }],
    ...changes,
  };
}

/** An exported user whose Firebase hash was made, as Firebase makes it, from `password`. */
export async function userWithPassword(n: number, password: string, changes = {}) {
  const salt = randomBytes(12);
  const hash = await firebaseScryptHash(password, salt, projectParams);
  return exportedUser(n, { passwordHash: b64(hash), salt: b64(salt), ...changes });
}
