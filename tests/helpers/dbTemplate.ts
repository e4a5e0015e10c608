// The database every API test file starts from, migrated once per run instead of once per file (the
// migrations were most of a file's set-up: about 5 s of CPU each). PGlite: a dump of a migrated data
// directory in a temporary file; PostgreSQL (TEST_DATABASE_URL): a migrated database each test database is
// created from (`create database … template …`). Made by the api project's global set-up
// (tests/api/globalSetup.ts); tests/helpers/db.ts falls back to migrating when it has none.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { openDatabase } from '../../server/db/client';

export interface DatabaseTemplate {
  /** A tar of the migrated PGlite data directory. */
  pgliteDump: string;
  /** The migrated PostgreSQL database to copy, when TEST_DATABASE_URL is set. */
  postgresTemplate?: string;
  remove(): Promise<void>;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export async function makeDatabaseTemplate(): Promise<DatabaseTemplate> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-db-template-'));
  const pgliteDump = path.join(dir, 'migrated.tar');
  const memory = await openDatabase({ memory: true });
  const client = (memory.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  fs.writeFileSync(pgliteDump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await memory.close();

  const url = process.env.TEST_DATABASE_URL;
  let postgresTemplate: string | undefined;
  if (url) {
    postgresTemplate = `t_template_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(url, `create database ${postgresTemplate}`);
    const target = new URL(url);
    target.pathname = `/${postgresTemplate}`;
    await (await openDatabase({ url: target.toString() })).close();
  }
  return {
    pgliteDump,
    postgresTemplate,
    async remove() {
      fs.rmSync(dir, { recursive: true, force: true });
      if (url && postgresTemplate) await adminQuery(url, `drop database if exists ${postgresTemplate} with (force)`);
    },
  };
}
