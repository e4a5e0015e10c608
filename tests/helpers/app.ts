// The real API server (buildApp) on a fresh, seeded database, driven with app.inject.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { LightMyRequestResponse } from 'fastify';

import { type AppOptions, buildApp } from '../../server/app';
import type { Database } from '../../server/db/client';
import { DEMO_PASSWORD } from '../../server/db/seed/accounts';
import { seedDemo } from '../../server/db/seed/index';
import type { App } from '../../server/deps';
import { Contract, type OpenApiDocument } from './contract';
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
  /** The server's OpenAPI document, which every answer received through `app.inject` is checked against. */
  contract: Contract;
}

type Inject = App['inject'];

/**
 * Every answer `app.inject(options)` receives is checked against the OpenAPI document (tests/helpers/contract.ts):
 * an undocumented status, content type or body shape throws in the test that received it (issue 21).
 */
function checkedInject(app: App, contract: Contract): Inject {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  return ((options?: unknown, callback?: unknown) => {
    if (options === undefined || callback !== undefined || typeof options === 'string')
      return inject(options, callback);
    const { method = 'GET', url, path } = options as { method?: string; url?: unknown; path?: unknown };
    const target = typeof (url ?? path) === 'string' ? String(url ?? path) : null;
    return (inject(options) as Promise<LightMyRequestResponse>).then((res) => {
      const problems = target ? contract.check(method, target, res) : [];
      if (problems.length)
        throw new Error(
          `The answer is not the documented one (OpenAPI): ${problems.join(' | ')}\nbody: ${res.body.slice(0, 500)}`,
        );
      return res;
    });
  }) as Inject;
}

export async function createTestApp(options: Partial<AppOptions> & { seed?: boolean } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-files-'));
  if (options.seed !== false) await seedDemo(database.db, { filesDir, files: options.files, scale: 'small' });
  const app = await buildApp({
    db: database.db,
    jwtSecret: 'test-secret-for-tests-only-0123456789',
    filesDir,
    ...options,
  });
  const contract = new Contract(JSON.parse(JSON.stringify(app.swagger())) as OpenApiDocument);
  app.inject = checkedInject(app, contract);
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
    contract,
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
