import { FIREBASE_MEM_COST, FIREBASE_ROUNDS, type FirebaseHashParams } from '@hackclass/identity';
import { UsageError } from '../command';

export interface HashArgs {
  'hash-algo'?: string | undefined;
  'hash-key'?: string | undefined;
  'salt-separator'?: string | undefined;
  rounds?: string | undefined;
  'mem-cost'?: string | undefined;
}

const base64 = /^(?:[A-Za-z0-9+/_-]{4})*(?:[A-Za-z0-9+/_-]{2}==?|[A-Za-z0-9+/_-]{3}=?)?$/;

function required(args: HashArgs, name: keyof HashArgs): string {
  const value = args[name];
  if (value === undefined) {
    throw new UsageError(
      `--${name} is missing: copy it from the Firebase console's password hash parameters`,
    );
  }
  return value;
}

function decoded(args: HashArgs, name: 'hash-key' | 'salt-separator', allowEmpty: boolean) {
  const value = required(args, name).trim();
  if (!base64.test(value) || (!allowEmpty && value === '')) {
    throw new UsageError(`--${name} must be base64, as the Firebase console shows it`);
  }
  return Buffer.from(value, 'base64');
}

function whole(
  args: HashArgs,
  name: 'rounds' | 'mem-cost',
  { min, max }: typeof FIREBASE_ROUNDS | typeof FIREBASE_MEM_COST,
) {
  const value = required(args, name);
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return number;
}

/** The project's password hash parameters, given as Firebase's own `auth:import` takes them. */
export function hashParamsOf(args: HashArgs): FirebaseHashParams {
  const algo = required(args, 'hash-algo');
  if (algo.toUpperCase() !== 'SCRYPT') {
    throw new UsageError(
      `--hash-algo ${algo} is not supported: only SCRYPT, the modified scrypt of Firebase's own password hashes that auth:export writes, can be imported`,
    );
  }
  return {
    signerKey: decoded(args, 'hash-key', false),
    saltSeparator: decoded(args, 'salt-separator', true),
    rounds: whole(args, 'rounds', FIREBASE_ROUNDS),
    memCost: whole(args, 'mem-cost', FIREBASE_MEM_COST),
  };
}
