// Kill -9 in the middle of a stream of writes and uploads, then restart: the database opens, every
// acknowledged write is there, and no file is served half-written (PGlite and PostgreSQL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../helpers/server';
import { record } from '../security/harness/stats';
import { api, createAdmin, customerBody, freshDatabase, pdfOf, postgresUrl, signIn, spawnServer as startServer } from './helpers';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const pgServer = await postgresUrl();

interface Acked {
  customers: Map<number, string>;
  propositions: Map<number, Buffer>;
}

/** Writers that go on until the server dies; only answered writes count as acknowledged. */
async function writeUntilKilled(server: RunningServer, token: string, acked: Acked): Promise<void> {
  let n = 0;
  let alive = true;
  const first = await api(server.url, 'POST', '/api/Customers/NewCustomer', token, customerBody(0));
  expect(first.status).toBe(201);
  const owner = (await first.json()).customerId as number;
  acked.customers.set(owner, customerBody(0).mail);

  const writer = async (kind: 'customer' | 'upload') => {
    while (alive) {
      const i = ++n;
      try {
        if (kind === 'customer') {
          const res = await api(server.url, 'POST', '/api/Customers/NewCustomer', token, customerBody(i));
          if (res.status === 201) acked.customers.set((await res.json()).customerId, customerBody(i).mail);
        } else {
          const pdf = pdfOf(i);
          const form = new FormData();
          form.set('customerId', String(owner));
          form.set('description', `Devis ${i}`);
          form.set('pdf', new Blob([pdf], { type: 'application/pdf' }), 'devis.pdf');
          const res = await api(server.url, 'POST', '/api/Propositions', token, form);
          if (res.status === 201) acked.propositions.set((await res.json()).propositionId, pdf);
        }
      } catch {
        return; // the server is gone: this write was never acknowledged
      }
    }
  };
  const writers = [writer('customer'), writer('customer'), writer('upload'), writer('upload')];
  // Kill once enough writes went through, so that others are surely in flight.
  while (acked.customers.size + acked.propositions.size < 40) await new Promise((r) => setTimeout(r, 20));
  server.child.kill('SIGKILL');
  alive = false;
  await Promise.all(writers);
  await new Promise<void>((resolve) => (server.child.exitCode !== null || server.child.signalCode ? resolve() : server.child.once('exit', () => resolve())));
  expect(server.child.signalCode).toBe('SIGKILL');
  expect(acked.customers.size + acked.propositions.size).toBeGreaterThanOrEqual(40);
}

async function verify(url: string, acked: Acked): Promise<void> {
  const token = await signIn(url);
  for (const [id, mail] of acked.customers) {
    const res = await api(url, 'GET', `/api/Customers/${id}`, token);
    expect(res.status, `customer ${id}`).toBe(200);
    expect((await res.json()).mail).toBe(mail);
  }
  for (const [id, pdf] of acked.propositions) {
    const res = await api(url, 'GET', `/api/Uploader/downloadPDF/${id}`, token);
    expect(res.status, `proposition ${id}`).toBe(200);
    expect((await res.bytes()).equals(pdf), `PDF of ${id} complete`).toBe(true);
  }
  // Every proposition the database holds (acknowledged or not) serves a whole file, never a torn one.
  const all = await api(url, 'GET', '/api/Customers/forCurrentUser', token);
  for (const c of (await all.json()).$values as Array<{ customerId: number }>) {
    const detail = await (await api(url, 'GET', `/api/Customers/${c.customerId}`, token)).json();
    for (const p of detail.propositions as Array<{ propositionId: number; hasPdf: boolean }>) {
      if (!p.hasPdf) continue;
      const res = await api(url, 'GET', `/api/Uploader/downloadPDF/${p.propositionId}`, token);
      expect(res.status).toBe(200);
      const body = (await res.bytes()).toString('latin1');
      expect(body.startsWith('%PDF-') && body.trimEnd().endsWith('%%EOF'), `PDF ${p.propositionId} whole`).toBe(true);
    }
  }
}

describe('SIGKILL during writes', () => {
  it('PGlite: acknowledged writes survive, the stale lock is taken back, no torn file is served', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-kill-'));
    dirs.push(dataDir);
    createAdmin({ dataDir });
    const env = { SEED: 'off' };
    const server = await startServer(env, dataDir);
    const acked: Acked = { customers: new Map(), propositions: new Map() };
    await writeUntilKilled(server, await signIn(server.url), acked);
    record('faults', 1);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true); // left behind by the killed process
    const restarted = await startServer(env, dataDir);
    try {
      await verify(restarted.url, acked);
      // A second server on the same directory is still refused while this one runs.
      await expect(startServer(env, dataDir)).rejects.toThrow(/déjà utilisé par un autre serveur/);
      record('faults', 1);
    } finally {
      await restarted.stop();
    }
  });

  it.skipIf(!pgServer)('PostgreSQL: acknowledged writes survive a killed server', async () => {
    const db = await freshDatabase(pgServer!);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-kill-pg-'));
    dirs.push(dataDir);
    try {
      createAdmin({ dataDir, databaseUrl: db.url });
      const env = { SEED: 'off', DATABASE_URL: db.url };
      const server = await startServer(env, dataDir);
      const acked: Acked = { customers: new Map(), propositions: new Map() };
      await writeUntilKilled(server, await signIn(server.url), acked);
      record('faults', 1);
      const restarted = await startServer(env, dataDir);
      try {
        await verify(restarted.url, acked);
      } finally {
        await restarted.stop();
      }
    } finally {
      await db.drop();
    }
  });
});
