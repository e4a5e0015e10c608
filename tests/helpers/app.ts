// The real API server (buildApp) on a fresh, seeded database, driven with app.inject.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app';
import { seedDemo } from '../../server/db/seed/index';
import { DEMO_PASSWORD } from '../../server/db/seed/accounts';
import type { App } from '../../server/deps';
import type { Database } from '../../server/db/client';
import { createTestDatabase } from './db';

export { DEMO_PASSWORD };

export interface TestApp {
  app: App;
  database: Database;
  filesDir: string;
  /** Signs in and returns the bearer token (throws when the login does not answer 200). */
  login(mail: string, password?: string): Promise<string>;
  /** An authenticated request. */
  call(method: string, url: string, token: string | null, payload?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(options: Partial<AppOptions> & { seed?: boolean } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-files-'));
  if (options.seed !== false) await seedDemo(database.db, { filesDir, scale: 'small' });
  const app = await buildApp({ db: database.db, jwtSecret: 'test-secret-for-tests-only-0123456789', filesDir, ...options });
  const call = (method: string, url: string, token: string | null, payload?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  return {
    app,
    database,
    filesDir,
    call,
    async login(mail, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/Auth/backoffice/login', payload: { mail, password } });
      if (res.statusCode !== 200) throw new Error(`login ${mail}: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
