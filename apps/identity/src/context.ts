import type { QueuedMail } from '@hackclass/mail';
import type { FastifyBaseLogger } from 'fastify';
import type { FirebaseParamsStore } from './accounts/firebase-params';
import type { HashingGate } from './accounts/hashing-gate';
import type { ScryptParams } from './accounts/password-hash';
import type { IdentityDatabase } from './db';
import type { MetadataSettings, ProviderDirectory } from './federation/provider-metadata';
import type { Limit } from './throttle/throttle';
import type { KeySealer } from './tokens/key-sealing';
import type { KeyStore } from './tokens/key-store';

/** What the identity service's functions share: its database, clock, keys and settings. */
export interface IdentityContext {
  db: IdentityDatabase;
  now: () => Date;
  projectId: string;
  apiKey: string;
  /** The origin users reach; mail links and allowed continue URLs live on it. */
  publicUrl: string;
  keys: KeyStore;
  /** Seals new private signing keys for the database. */
  keySealer: KeySealer;
  passwordParams: ScryptParams;
  /** The hash parameters of the accounts imported from Firebase, the signer keys opened. */
  firebaseParams: FirebaseParamsStore;
  /** Every scrypt of this process goes through it, so sign-ins never queue behind sign-ups. */
  hashing: HashingGate;
  /** The sign-in providers' discovery documents and key sets, as fetched. */
  providers: ProviderDirectory;
  providerSettings: MetadataSettings;
  /** Sign-ups per client address (SIGNUP_LIMIT_PER_HOUR). */
  signUpLimit: Limit;
  /**
   * Puts a mail in the outbox through `db` and wakes the worker: the reply waits for the insert
   * only, never for the SMTP server, so its timing does not depend on mail. Given a transaction,
   * the mail exists exactly when what caused it commits; a worker woken before the commit finds
   * it at its next poll, a second later.
   */
  sendMail(mail: QueuedMail, db?: IdentityDatabase): Promise<void>;
  log: FastifyBaseLogger;
}
