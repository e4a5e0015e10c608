// A product's 3D file is made viewable at upload (docs/uploads.md, "3D models"): an STL is converted then,
// in a worker, through the server's queue; one that cannot be shown is refused with its reason and nothing
// is stored; the converted GLB is a stored file of its own, removed with its product or its model; STLs
// stored before (no format, no GLB) are backfilled and converted in the background, failures recorded.
import fs from 'node:fs';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { groupeModels } from '../../server/db/schema';
import { FBX_WITHOUT_GLB } from '../../server/files/browserConversion';
import { backfillModelFormats, convertPendingModels } from '../../server/files/modelBackfill';
import { ModelConversions } from '../../server/files/modelConversions';
import { FileStorage } from '../../server/files/storage';
import { createTestApp, type TestApp } from '../helpers/app';
import { fingerprint, fingerprintDiff } from '../security/harness/snapshot';
import { fixture, multipart, type Part } from './catalogueHelpers';

let t: TestApp;
let vendeur: string;
let categoryId: number;
const conversions = new ModelConversions();

beforeAll(async () => {
  t = await createTestApp({ conversions });
  vendeur = await t.login('vendeur@demo.fr');
  categoryId = (await t.call('GET', '/api/Categorie', vendeur)).json().$values[0].id;
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, parts: Part[]) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method, url, payload, headers: { ...headers, authorization: `Bearer ${vendeur}` } });
};
const product = (model: Buffer | null, over: Part[] = []): Part[] => [
  ['NomGroupeModel', 'Lampe 3D'],
  ['IdCategorie', String(categoryId)],
  ...(model ? [['Chemin_3d', model, 'modele.stl'] as Part] : []),
  ...over,
];
const rowOf = async (id: number) =>
  (await t.database.db.select().from(groupeModels).where(eq(groupeModels.idGroupeModel, id)))[0];
const stored = (key: string | null) => !!key && fs.existsSync(path.join(t.filesDir, key));
const triangleCount = (glb: Buffer) =>
  JSON.parse(glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8')).accessors[0].count / 3;

async function viewerModel(publicKey: string) {
  const info = (await t.call('GET', `/api/viewer/${publicKey}`, null)).json();
  const res = await t.call('GET', `/api/viewer/${publicKey}/model`, null);
  return { info, res };
}

const FACET = 'facet normal 0 0 1\n outer loop\n  vertex 0 0 0\n  vertex 10 0 0\n  vertex 0 10 0\n endloop\nendfacet\n';
/** The probe's file: a facet, then "solid " 50 000 times and no "endsolid" (300 KB). */
const CRAFTED = Buffer.from(`solid x\n${FACET}${'solid '.repeat(50_000)}`);

function binaryStl(triangles: number): Buffer {
  const b = Buffer.alloc(84 + triangles * 50);
  b.writeUInt32LE(triangles, 80);
  for (let i = 0; i < triangles; i++)
    [0, 0, i, 10, 0, i, 0, 10, i].forEach((v, k) => b.writeFloatLE(v, 96 + i * 50 + k * 4));
  return b;
}

describe('an STL uploaded with its product', () => {
  it('the crafted 300 KB text STL is converted at upload, and its view reads the stored GLB', async () => {
    expect(CRAFTED.length).toBeGreaterThan(300_000);
    const res = await send('POST', '/api/Model/ModelWithGroup', product(CRAFTED));
    expect(res.statusCode, res.body).toBe(201);
    const row = await rowOf(res.json().idGroupeModel);
    expect(row).toMatchObject({ modelFormat: 'stl', modelError: null });
    expect(row.viewerModel).toMatch(/^catalogue\/[0-9a-f-]{36}\.glb$/);
    const { info, res: model } = await viewerModel(row.publicKey);
    // Its content address: the light GLB's SHA-256 (server/collect/viewerFiles.ts).
    expect(info.modelUrl).toBe(`/api/viewer/${row.publicKey}/model/${row.viewerModelHash!.slice(0, 16)}.glb`);
    expect(model.statusCode).toBe(200);
    expect(model.headers['content-type']).toBe('model/gltf-binary');
    expect(triangleCount(model.rawPayload)).toBe(1);
    expect(model.rawPayload.equals(fs.readFileSync(path.join(t.filesDir, row.viewerModel!)))).toBe(true);
  });

  it.each([
    ['a coordinate that is no number', `solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 zz 0\n`],
    ['a facet without vertices', `solid x\nfacet normal 0 0 1\n${'solid '.repeat(1000)}`],
  ])('a malformed STL (%s) answers 400 with its reason on the field, and stores nothing', async (_label, body) => {
    const before = await fingerprint(t.database.db, t.filesDir);
    const res = await send('POST', '/api/Model/ModelWithGroup', product(Buffer.from(body)));
    expect(res.statusCode, res.body).toBe(400);
    const detail = res.json().detail as string;
    expect(detail).toMatch(/^Le fichier STL (est mal formé|ne contient aucun triangle)/);
    expect(res.json()).toMatchObject({ status: 400, title: 'Requête invalide', errors: { Chemin_3d: detail } });
    expect(fingerprintDiff(before, await fingerprint(t.database.db, t.filesDir))).toEqual([]);
  });

  it('a conversion past its time limit is ended and refused (400), nothing stored', async () => {
    const before = await fingerprint(t.database.db, t.filesDir);
    conversions.limits.timeoutMs = 1;
    try {
      const res = await send('POST', '/api/Model/ModelWithGroup', product(binaryStl(10)));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.Chemin_3d).toMatch(/^La conversion du modèle 3D a dépassé le temps autorisé \(1 s\)/);
    } finally {
      conversions.limits.timeoutMs = 60_000;
    }
    expect(fingerprintDiff(before, await fingerprint(t.database.db, t.filesDir))).toEqual([]);
  });

  it('a full queue answers 429 with Retry-After at once, nothing stored', async () => {
    const before = await fingerprint(t.database.db, t.filesDir);
    const { concurrency, maxWaiting } = conversions.limits;
    Object.assign(conversions.limits, { concurrency: 0, maxWaiting: 0 });
    try {
      const res = await send('POST', '/api/Model/ModelWithGroup', product(binaryStl(10)));
      expect(res.statusCode, res.body).toBe(429);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json().detail).toBe('Trop de modèles 3D sont en cours de conversion : réessayez dans une minute.');
    } finally {
      Object.assign(conversions.limits, { concurrency, maxWaiting });
    }
    expect(fingerprintDiff(before, await fingerprint(t.database.db, t.filesDir))).toEqual([]);
  });

  it('a GLB is kept as uploaded and shown as its light GLB; an FBX sent without its GLB is kept and not shown', async () => {
    const glb = await send(
      'POST',
      '/api/Model/ModelWithGroup',
      product(null, [['Chemin_3d', fixture('applique.glb'), 'a.glb']]),
    );
    const row = await rowOf(glb.json().idGroupeModel);
    expect(row).toMatchObject({ modelFormat: 'glb', modelBytes: fixture('applique.glb').length });
    // The upload is kept for download; the viewer serves the light GLB (meshopt), of the size recorded.
    expect(fs.readFileSync(path.join(t.filesDir, row.chemin3d!)).equals(fixture('applique.glb'))).toBe(true);
    expect(row.viewerModel).toMatch(/^catalogue\/[0-9a-f-]{36}\.glb$/);
    const served = (await viewerModel(row.publicKey)).res.rawPayload;
    expect(served.equals(fs.readFileSync(path.join(t.filesDir, row.viewerModel!)))).toBe(true);
    expect(served.length).toBe(row.viewerModelBytes);
    expect(served.subarray(0, 4).toString('latin1')).toBe('glTF');
    const fbx = await send(
      'POST',
      '/api/Model/ModelWithGroup',
      product(null, [['Chemin_3d', fixture('nuage.fbx'), 'n.fbx']]),
    );
    const fbxRow = await rowOf(fbx.json().idGroupeModel);
    expect(fbxRow).toMatchObject({ modelFormat: 'fbx', viewerModel: null, modelError: FBX_WITHOUT_GLB });
    expect((await viewerModel(fbxRow.publicKey)).info).toMatchObject({ modelUrl: null, unsupportedFormat: 'fbx' });
  });
});

describe('the converted GLB follows its product', () => {
  it('replacing the model replaces the GLB; a refused replacement changes nothing; removing it or the product removes it', async () => {
    const created = await send('POST', '/api/Model/ModelWithGroup', product(binaryStl(2)));
    const id = created.json().idGroupeModel;
    const first = await rowOf(id);
    expect(stored(first.viewerModel)).toBe(true);

    // A refused STL leaves the product, its fields and its GLB as they were.
    const bad = await send(
      'PUT',
      `/api/GroupeModel/${id}`,
      product(Buffer.from('solid x\nfacet normal 0 0 1\nvertex a'), [['NomGroupeModel', 'Autre nom']]),
    );
    expect(bad.statusCode).toBe(400);
    expect(await rowOf(id)).toEqual(first);

    const replaced = await send('PUT', `/api/GroupeModel/${id}`, product(binaryStl(3)));
    expect(replaced.statusCode, replaced.body).toBe(200);
    const second = await rowOf(id);
    expect(second.viewerModel).not.toBe(first.viewerModel);
    expect(stored(first.viewerModel)).toBe(false);
    expect(stored(first.chemin3d)).toBe(false);
    expect(triangleCount((await viewerModel(second.publicKey)).res.rawPayload)).toBe(3);

    // An edit that leaves the 3D file alone keeps its GLB.
    expect((await send('PUT', `/api/GroupeModel/${id}`, product(null))).statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({ viewerModel: second.viewerModel, modelFormat: 'stl' });

    const removed = await send('PUT', `/api/GroupeModel/${id}`, product(null, [['Retirer', 'Chemin_3d']]));
    expect(removed.statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({ chemin3d: null, viewerModel: null, modelFormat: null });
    expect(stored(second.viewerModel)).toBe(false);

    const again = await send('PUT', `/api/GroupeModel/${id}`, product(binaryStl(1)));
    const third = await rowOf(id);
    expect(again.statusCode).toBe(200);
    expect(stored(third.viewerModel)).toBe(true);
    expect((await t.call('DELETE', `/api/GroupeModel/${id}`, vendeur)).statusCode).toBe(204);
    expect(stored(third.viewerModel)).toBe(false);
    expect(stored(third.chemin3d)).toBe(false);
  });
});

describe('STLs stored before conversion at upload', () => {
  it('get their format at start-up and their GLB in the background; a failure is recorded and not retried', async () => {
    const storage = new FileStorage(t.filesDir);
    const good = (await send('POST', '/api/Model/ModelWithGroup', product(binaryStl(4)))).json().idGroupeModel;
    const bad = (await send('POST', '/api/Model/ModelWithGroup', product(binaryStl(1)))).json().idGroupeModel;
    // As the rows were before migration 0008: no format, no GLB; the second file is broken since.
    for (const id of [good, bad]) {
      const row = await rowOf(id);
      fs.rmSync(path.join(t.filesDir, row.viewerModel!));
      await t.database.db
        .update(groupeModels)
        .set({ modelFormat: null, viewerModel: null })
        .where(eq(groupeModels.idGroupeModel, id));
    }
    const broken = binaryStl(1);
    broken.writeFloatLE(NaN, 96);
    fs.writeFileSync(path.join(t.filesDir, (await rowOf(bad)).chemin3d!), broken);
    expect((await viewerModel((await rowOf(good)).publicKey)).res.statusCode).toBe(404);

    expect(await backfillModelFormats(t.database.db, storage)).toBe(2);
    expect(await backfillModelFormats(t.database.db, storage)).toBe(0);
    expect(await convertPendingModels(t.database.db, storage, conversions)).toEqual({ converted: 1, failed: 1 });
    expect(await convertPendingModels(t.database.db, storage, conversions)).toEqual({ converted: 0, failed: 0 });

    const converted = await rowOf(good);
    expect(converted.modelFormat).toBe('stl');
    expect(triangleCount((await viewerModel(converted.publicKey)).res.rawPayload)).toBe(4);
    const failed = await rowOf(bad);
    expect(failed).toMatchObject({
      modelFormat: 'stl',
      viewerModel: null,
      modelError: expect.stringContaining('coordonnée invalide'),
    });
    expect((await viewerModel(failed.publicKey)).res.json().detail).toBe('Modèle 3D non disponible');
  });
});
