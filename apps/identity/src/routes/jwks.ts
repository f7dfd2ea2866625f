import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context';
import { jwksOf } from '../tokens/signing-keys';

/**
 * The public keys that verify ID tokens. Read from the database on every request, so a key
 * rotated on another replica is published at once; verifiers cache it for a while.
 */
export async function jwksRoutes(app: FastifyInstance, { ctx }: { ctx: IdentityContext }) {
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return jwksOf(ctx.db, ctx.now());
  });
}
