// The public viewer's routes (docs/viewer.md): its data and model by key (GLB as stored, an STL as the GLB
// converted at upload, never on a view; FBX/STEP refused with the page's message) and the page itself under
// its frame-ancestors CSP. Conversion at upload: tests/api/modelUploads.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { groupeModels } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let directeur: string;
let distDir: string;
type Groupe = { idGroupeModel: number; nomGroupeModel: string; publicKey: string };
let groupes: Groupe[];
const byName = (n: string) => groupes.find((g) => g.nomGroupeModel === n)!;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(distDir, 'viewer.html'), '<!doctype html><title>Visionneuse 3D</title>');
  t = await createTestApp({ distDir });
  directeur = await t.login('directeur@demo.fr');
  groupes = (await t.call('GET', '/api/GroupeModel', directeur)).json().$values;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('GET /api/viewer/{key}', () => {
  it('is public and gives name, price, the model and quote URLs', async () => {
    const g = byName('Applique Laiton');
    const res = await t.call('GET', `/api/viewer/${g.publicKey}`, null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      nom: 'Applique Laiton',
      prix: 149.9,
      // Content addresses: the model's SHA-256, the photo's stored key hashed (server/collect/viewerFiles.ts).
      modelUrl: expect.stringMatching(new RegExp(`^/api/viewer/${g.publicKey}/model/[0-9a-f]{16}\\.glb$`)),
      posterUrl: expect.stringMatching(new RegExp(`^/api/viewer/${g.publicKey}/poster/[0-9a-f]{16}\\.png$`)),
      unsupportedFormat: null,
      quoteUrl: 'https://www.maison-lumiere.fr/devis',
    });
    // Nothing internal: no ids, no storage key.
    expect(res.body).not.toContain('catalogue/');
  });

  it("with the visit's session id, also hands the visit token POST /api/collect requires", async () => {
    const g = byName('Applique Laiton');
    const before = Date.now();
    const res = await t.call('GET', `/api/viewer/${g.publicKey}?session=abcdef0123456789`, null);
    expect(res.statusCode).toBe(200);
    const { visit } = res.json();
    // The issue time in clear (base 36 ms), then the HMAC-SHA256 in base64url.
    expect(visit.token).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    expect(parseInt(visit.token.split('.')[0], 36)).toBe(visit.issuedAt);
    expect(visit.issuedAt).toBeGreaterThanOrEqual(before);
    expect(visit.issuedAt).toBeLessThanOrEqual(Date.now());
    // Another session, another token; a malformed session id is refused.
    const other = (await t.call('GET', `/api/viewer/${g.publicKey}?session=zyxwvu9876543210`, null)).json().visit;
    expect(other.token.split('.')[1]).not.toBe(visit.token.split('.')[1]);
    const bad = await t.call('GET', `/api/viewer/${g.publicKey}?session=${encodeURIComponent('<x>')}`, null);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, errors: { session: 'Identifiant de session invalide' } });
  });

  it('serves the GLB as stored', async () => {
    const g = byName('Applique Laiton');
    const res = await t.call('GET', `/api/viewer/${g.publicKey}/model`, null);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('model/gltf-binary');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
  });

  it('serves an STL as the GLB converted when it was stored (positions in metres)', async () => {
    const g = byName('Suspension Opale');
    const info = (await t.call('GET', `/api/viewer/${g.publicKey}`, null)).json();
    expect(info.modelUrl).toMatch(new RegExp(`^/api/viewer/${g.publicKey}/model/[0-9a-f]{16}\\.glb$`));
    const res = await t.call('GET', info.modelUrl, null);
    expect(res.statusCode).toBe(200);
    const glb = res.rawPayload;
    expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(glb.readUInt32LE(4)).toBe(2);
    expect(glb.readUInt32LE(8)).toBe(glb.length);
    const json = JSON.parse(glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8'));
    expect(json.asset.version).toBe('2.0');
    const accessor = json.accessors[0];
    expect(accessor.count % 3).toBe(0);
    expect(accessor.count).toBeGreaterThan(0);
    const [row] = await t.database.db
      .select({ viewerModel: groupeModels.viewerModel })
      .from(groupeModels)
      .where(eq(groupeModels.idGroupeModel, g.idGroupeModel));
    expect(glb.equals(fs.readFileSync(path.join(t.filesDir, row.viewerModel!)))).toBe(true);
  });

  it('never converts on a view: an STL without its GLB is said unavailable and answers 404, nothing written', async () => {
    const g = byName('Suspension Opale');
    const where = eq(groupeModels.idGroupeModel, g.idGroupeModel);
    const [row] = await t.database.db.select({ viewerModel: groupeModels.viewerModel }).from(groupeModels).where(where);
    await t.database.db.update(groupeModels).set({ viewerModel: null }).where(where);
    try {
      const files = () => fs.readdirSync(t.filesDir, { recursive: true }).map(String).sort();
      const before = files();
      const info = (await t.call('GET', `/api/viewer/${g.publicKey}`, null)).json();
      expect(info).toMatchObject({ modelUrl: null, unsupportedFormat: 'stl' });
      for (let i = 0; i < 2; i++) {
        const res = await t.call('GET', `/api/viewer/${g.publicKey}/model`, null);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ status: 404, detail: 'Modèle 3D non disponible' });
      }
      expect(files()).toEqual(before);
    } finally {
      await t.database.db.update(groupeModels).set({ viewerModel: row.viewerModel }).where(where);
    }
  });

  it('gives no model URL for FBX and STEP, and the model route answers 404', async () => {
    for (const [name, format] of [
      ['Suspension Nuage', 'fbx'],
      ['Lampadaire Arc', 'step'],
    ]) {
      const g = byName(name);
      const info = (await t.call('GET', `/api/viewer/${g.publicKey}`, null)).json();
      expect(info).toMatchObject({ modelUrl: null, unsupportedFormat: format });
      expect((await t.call('GET', `/api/viewer/${g.publicKey}/model`, null)).statusCode).toBe(404);
    }
  });

  it('answers 404 for an unknown or malformed key', async () => {
    for (const key of ['0'.repeat(32), 'x', '..%2F..%2Fetc']) {
      expect((await t.call('GET', `/api/viewer/${key}`, null)).statusCode).toBe(404);
      expect((await t.call('GET', `/api/viewer/${key}/model`, null)).statusCode).toBe(404);
    }
  });
});

describe('GET /viewer/{key}', () => {
  it("serves the viewer page under a CSP that lets only the company's origins frame it", async () => {
    const g = byName('Applique Laiton');
    const res = await t.app.inject({ method: 'GET', url: `/viewer/${g.publicKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Visionneuse 3D');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self' https://www.maison-lumiere.fr");
    // WebAssembly may be compiled (model-viewer's decoders); script is still never evaluated from strings.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('follows the settings the Directeur changes', async () => {
    const g = byName('Applique Laiton');
    const [row] = await t.database.db
      .select({ e: groupeModels.entrepriseId })
      .from(groupeModels)
      .where(eq(groupeModels.idGroupeModel, g.idGroupeModel));
    await t.call('PUT', `/api/Entreprise/${row.e}`, directeur, {
      frameOrigins: ['https://boutique.example.fr', 'https://blog.example.fr'],
    });
    const csp = String(
      (await t.app.inject({ method: 'GET', url: `/viewer/${g.publicKey}` })).headers['content-security-policy'],
    );
    expect(csp).toContain("frame-ancestors 'self' https://boutique.example.fr https://blog.example.fr");
    expect(csp).not.toContain('maison-lumiere');
  });

  it('answers 404 for an unknown key; the back-office keeps its own no-framing CSP', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/viewer/${'0'.repeat(32)}` })).statusCode).toBe(404);
    const app = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(String(app.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
