// A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database on the server of
// TEST_DATABASE_URL (created, migrated, dropped at the end). Both start from the run's migrated template
// when the project made one (tests/helpers/dbTemplate.ts), and migrate from nothing otherwise.
import crypto from 'node:crypto';
import fs from 'node:fs';

import pg from 'pg';
import { inject } from 'vitest';

import { type Database, openDatabase } from '../../server/db/client';

/** What the project's global set-up provided (nothing in a project without tests/api/globalSetup.ts). */
function provided(key: 'pgliteDump' | 'postgresTemplate'): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined; // outside a vitest worker
  }
}

export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = provided('pgliteDump');
    return openDatabase(dump ? { memory: true, loadDataDir: new Blob([fs.readFileSync(dump)]) } : { memory: true });
  }
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const template = provided('postgresTemplate');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
