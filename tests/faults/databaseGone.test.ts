// The database goes away while the server serves (PostgreSQL stopped): requests answer 503 with a clear
// JSON error instead of hanging or crashing, and the server recovers by itself once the database is back.
// Runs on a PostgreSQL cluster of its own (initdb in a temp dir, another port): the machine's is untouched.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freePort } from '../helpers/server';
import { record } from '../security/harness/stats';
import { api, createAdmin, signIn, spawnServer } from './helpers';

// initdb refuses to run as root: as root, the cluster belongs to the postgres user (skipped without one).
const canRun = process.getuid?.() !== 0 || spawnSync('id', ['postgres']).status === 0;
const PG_BIN = canRun
  ? ['/usr/lib/postgresql/15/bin', '/usr/local/bin', '/usr/bin'].find((d) => fs.existsSync(path.join(d, 'initdb')))
  : undefined;
const asPostgres = (cmd: string, args: string[]) =>
  execFileSync(
    process.getuid?.() === 0 ? 'runuser' : cmd,
    process.getuid?.() === 0 ? ['-u', 'postgres', '--', cmd, ...args] : args,
    { stdio: 'pipe', timeout: 60_000 },
  );

let dir = '';
let port = 0;
const pgCtl = (...args: string[]) =>
  asPostgres(path.join(PG_BIN!, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-w', ...args]);

beforeAll(() => {
  if (!PG_BIN) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-pgcluster-'));
  fs.chmodSync(dir, 0o777);
  asPostgres(path.join(PG_BIN, 'initdb'), ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
});
afterAll(() => {
  if (!dir) return;
  try {
    pgCtl('stop', '-m', 'immediate');
  } catch {
    /* already stopped */
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

const start = () =>
  pgCtl('start', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', path.join(dir, 'log'));

describe.skipIf(!PG_BIN)('database gone while serving', () => {
  it('answers 503 while PostgreSQL is down and recovers by itself when it is back', async () => {
    port = await freePort();
    start();
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-dbgone-'));
    createAdmin({ dataDir, databaseUrl: url });
    const server = await spawnServer({ SEED: 'off', DATABASE_URL: url }, dataDir);
    try {
      const token = await signIn(server.url);
      expect((await api(server.url, 'GET', '/api/User/current', token)).status).toBe(200);

      pgCtl('stop', '-m', 'immediate');
      record('faults', 1);
      for (const [method, route, body] of [
        ['GET', '/api/User/current', undefined],
        ['GET', '/api/Customers/forCurrentUser', undefined],
        [
          'POST',
          '/api/Customers/NewCustomer',
          { nom: 'Test', prenom: 'Panne', mail: 'p@panne.test', mobile: '0612345678', compagny: 'X' },
        ],
        ['POST', '/api/Auth/backoffice/login', { mail: 'x@y.fr', password: 'Quelconque!1' }],
      ] as const) {
        const res = await api(server.url, method, route, route.includes('login') ? undefined : token, body);
        expect(res.status, `${method} ${route}`).toBe(503);
        expect(await res.json()).toEqual({
          status: 503,
          title: 'Service indisponible',
          detail: 'La base de données est momentanément indisponible. Réessayez dans quelques instants.',
        });
      }
      expect(server.child.exitCode).toBeNull(); // still serving

      start();
      // Bounded wait for the pool to reconnect (no timing asserted: only that it comes back).
      let status = 0;
      for (let i = 0; i < 60 && status !== 200; i++) {
        status = (await api(server.url, 'GET', '/api/User/current', token)).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 500));
      }
      expect(status).toBe(200);
      const created = await api(server.url, 'POST', '/api/Customers/NewCustomer', token, {
        nom: 'Retour',
        prenom: 'Base',
        mail: 'retour@panne.test',
        mobile: '0612345678',
        compagny: 'X',
      });
      expect(created.status).toBe(201);
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
