// A crafted or heavy 3D file never stalls the server (docs/security-dos.md, "3D files"), on the real server
// process (server/main.ts, demo data): STLs are converted at upload in bounded workers, one at a time, so
// six concurrent 20 MB binary STLs all succeed with six distinct GLBs and the process (its workers
// included) grows by less than 250 MB; the crafted text STL is converted (one triangle); a restart's
// sweep keeps the converted GLBs and removes the `<key>.stl.glb` files the old on-view conversion left.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PASSWORD } from '../../server/db/seed/accounts';
import { spawnServer } from '../faults/helpers';
import type { RunningServer } from '../helpers/server';
import { binaryStl, craftedStl, rssMb, rssPeak, uploadProduct } from './harness/stlAttack';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-stl-'));
const catalogue = path.join(dataDir, 'files', 'catalogue');
const glbs = () => fs.readdirSync(catalogue).filter((f) => f.endsWith('.glb'));
let server: RunningServer;
let token: string;
let categoryId: number;

async function get(p: string, auth = true) {
  const res = await fetch(`${server.url}${p}`, { headers: auth ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

async function start() {
  // Six uploads at once from one account (two by default, docs/uploads.md).
  server = await spawnServer({ UPLOADS_PER_USER: '6' }, dataDir);
  const login = await fetch(`${server.url}/api/Auth/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail: 'vendeur@demo.fr', password: DEMO_PASSWORD }),
  });
  token = ((await login.json()) as { token: string }).token;
}

beforeAll(async () => {
  await start();
  categoryId = JSON.parse((await get('/api/Categorie')).body.toString()).$values[0].id;
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const triangles = (glb: Buffer) =>
  JSON.parse(glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8')).accessors[0].count / 3;

async function publicKeyOf(id: number): Promise<string> {
  return JSON.parse((await get(`/api/GroupeModel/${id}`)).body.toString()).publicKey;
}

describe('3D files on the real server', () => {
  it('converts the crafted 300 KB text STL at upload; its public model is the stored GLB', async () => {
    const res = await uploadProduct(server.url, token, categoryId, craftedStl(), 'Fichier piégé');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const key = await publicKeyOf(res.body.idGroupeModel as number);
    const model = await get(`/api/viewer/${key}/model`, false);
    expect(model.status).toBe(200);
    expect(triangles(model.body)).toBe(1);
  });

  it('six concurrent 20 MB binary STLs: no 500, six distinct GLBs, under 250 MB of growth', async () => {
    const stl = binaryStl(20_000_000);
    // Warm up (a first conversion compiles the worker's code) so that the baseline is the steady state.
    expect((await uploadProduct(server.url, token, categoryId, binaryStl(5000), 'Échauffement')).status).toBe(201);
    const before = new Set(glbs());
    const pid = server.child.pid!;
    const baseline = rssMb(pid);
    const sampler = rssPeak(pid);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => uploadProduct(server.url, token, categoryId, stl, `Lourd ${i}`)),
    );
    const growth = sampler.stop() - baseline;
    console.log(`6 STL de 20 Mo : RSS ${baseline.toFixed(0)} Mo, croissance maximale ${growth.toFixed(0)} Mo`);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const made = glbs().filter((f) => !before.has(f));
    expect(made).toHaveLength(6);
    for (const r of results) {
      const model = await get(`/api/viewer/${await publicKeyOf(r.body.idGroupeModel as number)}/model`, false);
      expect(model.status).toBe(200);
      expect(triangles(model.body)).toBe((stl.length - 84) / 50);
    }
    expect(fs.readdirSync(path.join(dataDir, 'files', '.uploads'))).toEqual([]);
    expect(growth).toBeLessThan(250);
  });

  it('a restart keeps the converted GLBs and sweeps the legacy `<key>.stl.glb` files', async () => {
    const kept = glbs();
    const legacy = `${crypto.randomUUID()}.stl.glb`;
    await server.stop();
    fs.writeFileSync(path.join(catalogue, legacy), 'glTF');
    await start();
    expect(fs.existsSync(path.join(catalogue, legacy))).toBe(false);
    expect(glbs().sort()).toEqual(kept.sort());
    expect(server.output()).toMatch(/Fichiers nettoyés au démarrage : 0 temporaire\(s\), 1 sans enregistrement\./);
  });
});
