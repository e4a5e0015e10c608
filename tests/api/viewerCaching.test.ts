// The viewer's caching (docs/viewer.md, "Caching"): the model and the poster under content addresses,
// cached for a year (immutable); the product's data and the page revalidated with their ETag (304); the
// visit token in its own answer, never stored. A product's new model is a new address, the old one 404.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { groupeModels } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';

const IMMUTABLE = 'public, max-age=31536000, immutable';
let t: TestApp;
let distDir: string;
let g: { idGroupeModel: number; publicKey: string };

const row = async () =>
  (await t.database.db.select().from(groupeModels).where(eq(groupeModels.idGroupeModel, g.idGroupeModel)))[0];
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(distDir, 'viewer.html'), '<!doctype html><html><head><title>V</title></head></html>');
  t = await createTestApp({ distDir });
  const directeur = await t.login('directeur@demo.fr');
  const groupes = (await t.call('GET', '/api/GroupeModel', directeur)).json().$values as Array<
    typeof g & { nomGroupeModel: string }
  >;
  g = groupes.find((x) => x.nomGroupeModel === 'Applique Laiton')!;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the viewer’s data', () => {
  it('has an ETag and answers 304 to it, with nothing in the body', async () => {
    const first = await get(`/api/viewer/${g.publicKey}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await get(`/api/viewer/${g.publicKey}`, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(tag);
    // Another tag (an older version) gets the data.
    expect((await get(`/api/viewer/${g.publicKey}`, { 'if-none-match': '"autre"' })).statusCode).toBe(200);
  });

  it('with a session id (the visit token) is never stored, and the token has its own uncached answer', async () => {
    const withVisit = await get(`/api/viewer/${g.publicKey}?session=abcdef0123456789`);
    expect(withVisit.headers['cache-control']).toBe('no-store');
    expect(withVisit.headers.etag).toBeUndefined();
    const visit = await get(`/api/viewer/${g.publicKey}/visit?session=abcdef0123456789`);
    expect(visit.statusCode).toBe(200);
    expect(visit.headers['cache-control']).toBe('no-store');
    expect(visit.json().visit.token).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    expect((await get(`/api/viewer/${g.publicKey}/visit`)).statusCode).toBe(400);
    expect((await get(`/api/viewer/${'0'.repeat(32)}/visit?session=abcdef0123456789`)).statusCode).toBe(404);
  });
});

describe('the model and the poster', () => {
  it('are served under their content address with immutable caching', async () => {
    const info = (await get(`/api/viewer/${g.publicKey}`)).json();
    const stored = await row();
    expect(info.modelUrl).toBe(`/api/viewer/${g.publicKey}/model/${stored.viewerModelHash!.slice(0, 16)}.glb`);
    const model = await get(info.modelUrl);
    expect(model.statusCode).toBe(200);
    expect(model.headers['cache-control']).toBe(IMMUTABLE);
    expect(model.headers['content-type']).toBe('model/gltf-binary');
    expect(model.rawPayload.equals(fs.readFileSync(path.join(t.filesDir, stored.chemin3d!)))).toBe(true);

    const poster = await get(info.posterUrl);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['cache-control']).toBe(IMMUTABLE);
    expect(poster.headers['content-type']).toBe('image/png');
    expect(poster.rawPayload.equals(fs.readFileSync(path.join(t.filesDir, stored.cheminImageGroupe[0])))).toBe(true);
  });

  it('another address answers 404, not cached: a replaced model or photo is a new URL', async () => {
    const info = (await get(`/api/viewer/${g.publicKey}`)).json();
    const stale = info.modelUrl.replace(/[0-9a-f]{16}\.glb$/, '0123456789abcdef.glb');
    const res = await get(stale);
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await get(info.posterUrl.replace(/[0-9a-f]{16}/, 'ffffffffffffffff'))).statusCode).toBe(404);
    // Not a name the route accepts (the storage key is never reachable this way).
    expect((await get(`/api/viewer/${g.publicKey}/poster/..%2F..%2Fjwt-secret`)).statusCode).toBe(400);
    // The old URL still serves the model, uncached.
    const old = await get(`/api/viewer/${g.publicKey}/model`);
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('no-store');

    // A new model (another hash) changes the data's ETag and its model URL; the old address is gone.
    const before = await get(`/api/viewer/${g.publicKey}`);
    await t.database.db
      .update(groupeModels)
      .set({ viewerModelHash: 'f'.repeat(64) })
      .where(eq(groupeModels.idGroupeModel, g.idGroupeModel));
    const after = await get(`/api/viewer/${g.publicKey}`, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().modelUrl).toBe(`/api/viewer/${g.publicKey}/model/ffffffffffffffff.glb`);
    expect((await get(info.modelUrl)).statusCode).toBe(404);
  });
});

describe('the page', () => {
  it('preloads its poster and answers 304 to its ETag', async () => {
    const info = (await get(`/api/viewer/${g.publicKey}`)).json();
    const page = await get(`/viewer/${g.publicKey}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<link rel="preload" as="image" href="${info.posterUrl}" fetchpriority="high">`);
    expect(page.headers['cache-control']).toBe('no-cache');
    const tag = page.headers.etag as string;
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await get(`/viewer/${g.publicKey}`, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-security-policy']).toContain('frame-ancestors');
  });
});
