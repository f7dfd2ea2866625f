export { CURRENT_SCRYPT_PARAMS, hashPassword } from '../src/accounts/password-hash';
export * from './identity-server';
export * from './sdk';
export * from './smtp';
