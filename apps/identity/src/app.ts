import type { Connection } from '@hackclass/db';
import type { FastifyInstance } from 'fastify';

export interface IdentityOptions {
  connection: Connection;
}

/**
 * The identity provider, speaking the Identity Toolkit and Secure Token wire protocol from the
 * root of its origin, as the firebase/auth SDK expects of an emulator origin.
 */
export async function identityApp(
  _app: FastifyInstance,
  _options: IdentityOptions,
): Promise<void> {}
