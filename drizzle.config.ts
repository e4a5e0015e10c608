import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the one schema and run by the server at start (never by drizzle-kit
// against a running server's PGlite directory: it has no lock of its own).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
