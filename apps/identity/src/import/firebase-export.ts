/** One user as the Firebase CLI's `auth:export` writes it in JSON; every field may be absent. */
export interface FirebaseUser {
  localId?: unknown;
  email?: unknown;
  emailVerified?: unknown;
  passwordHash?: unknown;
  salt?: unknown;
  displayName?: unknown;
  photoUrl?: unknown;
  /** Milliseconds since the epoch, written as a string. */
  createdAt?: unknown;
  lastSignedInAt?: unknown;
  disabled?: unknown;
  providerUserInfo?: unknown;
}

/** The file is not a Firebase user export: nothing was imported. */
export class ExportFileError extends Error {
  override name = 'ExportFileError';
}

/** The users of an `auth:export` JSON file, refusing anything else (its CSV form included). */
export function readFirebaseExport(text: string): FirebaseUser[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ExportFileError(
      'is not JSON: export with `firebase auth:export users.json --format=json`',
    );
  }
  const users = (parsed as { users?: unknown } | null)?.users;
  if (!Array.isArray(users)) {
    throw new ExportFileError('has no "users" list: it is not a Firebase `auth:export` file');
  }
  return users.map((user) => (typeof user === 'object' && user !== null ? user : {}));
}

export const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** A time as the export writes it (milliseconds, as a string or a number), if it is one. */
export function instant(value: unknown): Date | undefined {
  const ms = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0) return undefined;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function providers(user: FirebaseUser): string[] {
  if (!Array.isArray(user.providerUserInfo)) return [];
  return user.providerUserInfo
    .map((info) => text((info as { providerId?: unknown } | null)?.providerId))
    .filter((id): id is string => id !== undefined);
}

/** The sign-in providers besides the password, e.g. `google.com`. */
export const otherProviders = (user: FirebaseUser) =>
  providers(user).filter((id) => id !== 'password');

export const hasPasswordProvider = (user: FirebaseUser) => providers(user).includes('password');
