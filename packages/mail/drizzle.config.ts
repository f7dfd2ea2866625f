import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/outbox/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
  schemaFilter: ['mail'],
});
