// Kill -9 in the middle of a stream of writes and uploads, then restart: the database opens, every
// acknowledged write is there, no file is served half-written, and the start-up sweep leaves no temp file
// and no file that no row refers to (PGlite and PostgreSQL).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import type { RunningServer } from '../helpers/server';
import { slowUpload } from '../security/harness/slowUpload';
import { record } from '../security/harness/stats';
import {
  api,
  createAdmin,
  customerBody,
  freshDatabase,
  pdfOf,
  postgresUrl,
  signIn,
  spawnServer as startServer,
} from './helpers';

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
  // An upload still streaming when the process dies: its temp file is left behind.
  const open = slowUpload(server.url, '/api/Propositions', token, [
    { name: 'customerId', value: String(owner) },
    { name: 'pdf', value: pdfOf(0), filename: 'devis.pdf' },
    {
      name: 'video',
      value: Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(256 * 1024)]),
      filename: 'v.mp4',
    },
  ]);
  const uploadsDir = path.join(server.dataDir, 'files', '.uploads');
  while (!fs.existsSync(uploadsDir) || !fs.readdirSync(uploadsDir).some((f) => f.endsWith('.tmp')))
    await new Promise((r) => setTimeout(r, 20));
  // Kill once enough writes went through, so that others are surely in flight.
  while (acked.customers.size + acked.propositions.size < 40) await new Promise((r) => setTimeout(r, 20));
  server.child.kill('SIGKILL');
  alive = false;
  open.abort();
  await Promise.all(writers);
  await new Promise<void>((resolve) =>
    server.child.exitCode !== null || server.child.signalCode ? resolve() : server.child.once('exit', () => resolve()),
  );
  expect(server.child.signalCode).toBe('SIGKILL');
  expect(acked.customers.size + acked.propositions.size).toBeGreaterThanOrEqual(40);
}

/** What a killed process may leave, planted by hand: temp files and files no row refers to. */
function plantLeftovers(dataDir: string): string[] {
  const files = path.join(dataDir, 'files');
  const planted = [
    path.join(files, '.uploads', `${crypto.randomUUID()}.tmp`),
    path.join(files, 'videos', `${crypto.randomUUID()}.mp4.${process.pid}.tmp`),
    path.join(files, 'propositions', `${crypto.randomUUID()}.pdf`),
    path.join(files, 'catalogue', `${crypto.randomUUID()}.png`),
  ];
  for (const f of planted) {
    fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.writeFileSync(f, 'reste');
  }
  return planted;
}

function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'files');
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile())
    : [];
}

async function verify(url: string, acked: Acked, dataDir: string): Promise<void> {
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
  let withPdf = 0;
  for (const c of (await all.json()).$values as Array<{ customerId: number }>) {
    const detail = await (await api(url, 'GET', `/api/Customers/${c.customerId}`, token)).json();
    for (const p of detail.propositions as Array<{ propositionId: number; hasPdf: boolean }>) {
      if (!p.hasPdf) continue;
      withPdf++;
      const res = await api(url, 'GET', `/api/Uploader/downloadPDF/${p.propositionId}`, token);
      expect(res.status).toBe(200);
      const body = (await res.bytes()).toString('latin1');
      expect(body.startsWith('%PDF-') && body.trimEnd().endsWith('%%EOF'), `PDF ${p.propositionId} whole`).toBe(true);
    }
  }
  // The sweep left no temp file and no file without its row: one PDF per proposition that has one.
  const left = storedFiles(dataDir);
  expect(left.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  expect(left.filter((f) => f.startsWith('catalogue'))).toEqual([]);
  expect(left.filter((f) => f.startsWith('propositions')).length).toBe(withPdf);
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
    expect(
      storedFiles(dataDir).some((f) => f.endsWith('.tmp')),
      'the upload in flight left its temp file',
    ).toBe(true);
    const planted = plantLeftovers(dataDir);
    const restarted = await startServer(env, dataDir);
    try {
      for (const f of planted) expect(fs.existsSync(f), f).toBe(false);
      await verify(restarted.url, acked, dataDir);
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
      const planted = plantLeftovers(dataDir);
      const restarted = await startServer(env, dataDir);
      try {
        for (const f of planted) expect(fs.existsSync(f), f).toBe(false);
        await verify(restarted.url, acked, dataDir);
      } finally {
        await restarted.stop();
      }
    } finally {
      await db.drop();
    }
  });
});
