// Two server instances (buildApp twice, each with its own connections) share the sign-in counters:
// on one PostgreSQL (TEST_DATABASE_URL), and through Redis (REDIS_URL). Each part skips without its server.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type AppOptions, buildApp } from '../../server/app';
import { connectRedis } from '../../server/auth/limiters';
import { type Database, openDatabase } from '../../server/db/client';
import { DEMO_PASSWORD } from '../../server/db/seed/accounts';
import { seedDemo } from '../../server/db/seed/index';
import type { App } from '../../server/deps';

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const limits = { perAccountAddress: 3, perAddress: 5 };

interface Pair {
  a: App;
  b: App;
  close(): Promise<void>;
}

/** Two instances on one PostgreSQL database (two pools, as two processes would have). */
async function onPostgres(url: string, extra: Partial<AppOptions> = {}): Promise<Pair> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-files-'));
  const first = await openDatabase({ url: target.toString() });
  await seedDemo(first.db, { filesDir, scale: 'small' });
  const second = await openDatabase({ url: target.toString() });
  const build = (database: Database) =>
    buildApp({
      db: database.db,
      jwtSecret: 'test-secret-for-tests-only-0123456789',
      filesDir,
      throttle: limits,
      ...extra,
    });
  const a = await build(first);
  const b = await build(second);
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await first.close();
      await second.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two instances sharing Redis, each with its own Redis connection and limiters. They read one embedded
 * database (seeding two would double the setup): the counters themselves are only in Redis.
 */
async function onRedis(url: string): Promise<Pair> {
  const namespace = `test-${crypto.randomBytes(6).toString('hex')}`; // apart from other runs on this Redis
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-files-'));
  const database = await openDatabase({ memory: true });
  await seedDemo(database.db, { filesDir, scale: 'small' });
  const build = () =>
    buildApp({
      db: database.db,
      jwtSecret: 'test-secret-for-tests-only-0123456789',
      filesDir,
      throttle: limits,
      redisUrl: url,
      limiterNamespace: namespace,
    });
  const a = await build();
  const b = await build();
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await database.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

const login = (app: App, mail: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/Auth/backoffice/login', payload: { mail, password }, remoteAddress });

function sharedLimitTests(setup: () => Promise<Pair>) {
  let pair: Pair;
  beforeAll(async () => {
    pair = await setup();
  }, 300_000);
  afterAll(() => pair?.close());

  it('failures on one instance refuse the same (account, address) on the other, not the owner elsewhere', async () => {
    const { a, b } = pair;
    expect((await login(a, 'manager@demo.fr', 'faux', '203.0.113.1')).statusCode).toBe(401);
    expect((await login(b, 'manager@demo.fr', 'faux', '203.0.113.1')).statusCode).toBe(401);
    expect((await login(a, 'manager@demo.fr', 'faux', '203.0.113.1')).statusCode).toBe(401);
    const refused = await login(b, 'manager@demo.fr', DEMO_PASSWORD, '203.0.113.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(b, 'manager@demo.fr', DEMO_PASSWORD, '198.51.100.1')).statusCode).toBe(200);
  });

  it('the per-address limit is counted over both instances, concurrently', async () => {
    const { a, b } = pair;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(i % 2 ? a : b, `inconnu${i}@demo.fr`, 'faux', '203.0.113.2')),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(35);
  });
}

describe.skipIf(!pgUrl)('sign-in counters shared by two instances on one PostgreSQL', () => {
  sharedLimitTests(() => onPostgres(pgUrl!));
});

describe.skipIf(!redisUrl)('sign-in counters shared by two instances through Redis', () => {
  sharedLimitTests(() => onRedis(redisUrl!));

  it('answers 503, never a token, while Redis is gone', async () => {
    const client = await connectRedis(redisUrl!);
    const database = await openDatabase({ memory: true });
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-files-'));
    try {
      await seedDemo(database.db, { filesDir, scale: 'small' });
      const app = await buildApp({
        db: database.db,
        jwtSecret: 'test-secret-for-tests-only-0123456789',
        filesDir,
        limiterStore: { kind: 'redis', client },
      });
      expect((await login(app, 'manager@demo.fr', DEMO_PASSWORD, '192.0.2.9')).statusCode).toBe(200);
      client.disconnect();
      const res = await login(app, 'manager@demo.fr', DEMO_PASSWORD, '192.0.2.9');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 503, title: 'Service indisponible' });
      await app.close();
    } finally {
      client.disconnect();
      await database.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
  }, 300_000);
});
