import { type Connection, drizzleOver, migrate } from '@hackclass/db';
import { problemHandlers } from '@hackclass/http';
import type { FastifyInstance } from 'fastify';
import { type ApiDatabase, apiMigrations, schema } from './db';

declare module 'fastify' {
  interface FastifyInstance {
    db: ApiDatabase;
  }
}

export interface ApiOptions {
  connection: Connection;
}

/**
 * The product API as one encapsulated plugin: mounted under `/api` by the all-in-one server
 * and by `main.ts` alike. Its schema is migrated before it serves.
 */
export async function apiApp(app: FastifyInstance, { connection }: ApiOptions): Promise<void> {
  await migrate(connection, apiMigrations);
  app.decorate('db', drizzleOver(connection, schema));
  await app.register(problemHandlers);
}
