// The file store in an S3 bucket (server/files/s3Storage.ts), against a real S3-protocol server the test
// starts (tests/helpers/s3Server.ts): the demo seed, a video uploaded and read back with Range and ETag, a 3D
// model (an STL converted to GLB) shown by the public viewer, deletes, the start-up sweep and the backfill of
// old STLs, all through the API. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (createTestApp).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { groupeModels, propositions } from '../../server/db/schema';
import { backfillModelFormats, convertPendingModels } from '../../server/files/modelBackfill';
import { ModelConversions } from '../../server/files/modelConversions';
import { S3Storage } from '../../server/files/s3Storage';
import { referencedKeys, sweepStoredFiles } from '../../server/files/sweep';
import { createTestApp, type TestApp } from '../helpers/app';
import { startS3Server, type TestS3 } from '../helpers/s3Server';
import { fixture, multipart as catalogueForm } from './catalogueHelpers';
import { demoVideo, propositionForm } from './propositions.multipart';

let s3: TestS3;
let store: S3Storage;
let staging: string;
let t: TestApp;
let vendeur: string;
const conversions = new ModelConversions();

beforeAll(async () => {
  s3 = await startS3Server();
  staging = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-staging-'));
  // Listing pages of 3 keys: the sweep pages through the bucket as it would through a large one.
  store = new S3Storage(s3.settings, staging, 3);
  await store.verify();
  t = await createTestApp({ files: store, conversions });
  vendeur = await t.login('vendeur@demo.fr');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
  fs.rmSync(staging, { recursive: true, force: true });
});

/** Every key in the bucket, read through the S3 protocol. */
async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await store.client.send(
      new ListObjectsV2Command({ Bucket: s3.settings.bucket, ContinuationToken: token }),
    );
    keys.push(...(page.Contents ?? []).map((o) => o.Key!));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}
async function object(key: string): Promise<Buffer> {
  const answer = await store.client.send(new GetObjectCommand({ Bucket: s3.settings.bucket, Key: key }));
  return Buffer.from(await answer.Body!.transformToByteArray());
}
/** Files left in the local staging (uploads arriving, conversions, copies): none once a request is done. */
const stagedFiles = () =>
  fs
    .readdirSync(staging, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${vendeur}`, ...headers } });

describe('the demo seed on S3', () => {
  it('stores its files in the bucket, every row’s key there and nothing on the local disk', async () => {
    const keys = await bucketKeys();
    const referenced = [...(await referencedKeys(t.database.db))].sort();
    expect(referenced.length).toBeGreaterThan(5);
    expect(keys).toEqual(referenced);
    expect(stagedFiles()).toEqual([]);
    expect(fs.readdirSync(t.filesDir)).toEqual([]);
  });
});

describe('a video uploaded to S3', () => {
  // 17 MiB: more than two parts of the multipart upload (8 MiB each).
  const video = Buffer.concat([demoVideo(), Buffer.alloc(17 * 1024 * 1024, 7)]);
  let id: number;
  let key: string;

  beforeAll(async () => {
    const customerId = (await t.call('GET', '/api/Customers/forCurrentUser', vendeur)).json().$values[0].customerId;
    const form = propositionForm(customerId, { video });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Propositions',
      headers: { ...form.headers, authorization: `Bearer ${vendeur}` },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().propositionId;
    const [row] = await t.database.db.select().from(propositions).where(eq(propositions.propositionId, id));
    key = row.cheminVideo!;
  });

  it('is stored whole in the bucket under its key, its temp file gone', async () => {
    expect(key).toMatch(/^videos\/[0-9a-f-]{36}\.mp4$/);
    expect((await object(key)).equals(video)).toBe(true);
    expect(stagedFiles()).toEqual([]);
  });

  it('is read back whole, by ranges, revalidated by its ETag, and a HEAD reads its size', async () => {
    const url = `/api/Video/watch/${id}`;
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(video.length));
    expect(whole.rawPayload.equals(video)).toBe(true);
    const head = await store.client.send(new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: key }));
    expect(whole.headers.etag).toBe(head.ETag);

    const part = await get(url, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(100, 1100))).toBe(true);
    // A range past the first part of the multipart upload.
    const far = await get(url, { range: `bytes=${9 * 1024 * 1024}-${9 * 1024 * 1024 + 9}` });
    expect(far.rawPayload.equals(video.subarray(9 * 1024 * 1024, 9 * 1024 * 1024 + 10))).toBe(true);
    const tail = await get(url, { range: 'bytes=-500' });
    expect(tail.rawPayload.equals(video.subarray(video.length - 500))).toBe(true);
    expect((await get(url, { range: `bytes=${video.length}-` })).statusCode).toBe(416);

    const again = await get(url, { 'if-none-match': String(whole.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const sizeOnly = await get(url, {}, 'HEAD');
    expect(sizeOnly.statusCode).toBe(200);
    expect(sizeOnly.headers['content-length']).toBe(String(video.length));
  });

  it('is removed from the bucket with its proposition', async () => {
    const [row] = await t.database.db.select().from(propositions).where(eq(propositions.propositionId, id));
    expect((await bucketKeys()).filter((k) => k === key || k === row.cheminPdf)).toHaveLength(2);
    expect((await t.call('DELETE', `/api/Propositions/${id}`, vendeur)).statusCode).toBe(204);
    const left = await bucketKeys();
    expect(left).not.toContain(key);
    expect(left).not.toContain(row.cheminPdf);
    expect((await get(`/api/Video/watch/${id}`)).statusCode).toBe(404);
  });
});

describe('a 3D model uploaded to S3', () => {
  let id: number;
  let row: typeof groupeModels.$inferSelect;
  const stl = fixture('abat-jour.stl');
  let photo: Buffer;

  beforeAll(async () => {
    photo = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 20 },
      },
    })
      .jpeg()
      .toBuffer();
    const categoryId = (await t.call('GET', '/api/Categorie', vendeur)).json().$values[0].id;
    const { payload, headers } = catalogueForm([
      ['NomGroupeModel', 'Abat-jour S3'],
      ['IdCategorie', String(categoryId)],
      ['Chemin_3d', stl, 'abat-jour.stl'],
      ['CheminImageGroupe', photo, 'photo.jpg'],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Model/ModelWithGroup',
      payload,
      headers: { ...headers, authorization: `Bearer ${vendeur}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().idGroupeModel;
    [row] = await t.database.db.select().from(groupeModels).where(eq(groupeModels.idGroupeModel, id));
  });

  it('keeps the STL and its converted GLB in the bucket, and the viewer serves the GLB with ranges', async () => {
    expect(row.modelFormat).toBe('stl');
    expect((await object(row.chemin3d!)).equals(stl)).toBe(true);
    const glb = await object(row.viewerModel!);
    expect(glb.subarray(0, 4).toString()).toBe('glTF');
    expect(stagedFiles()).toEqual([]);

    const model = await t.call('GET', `/api/viewer/${row.publicKey}/model`, null);
    expect(model.statusCode).toBe(200);
    expect(model.headers['content-type']).toBe('model/gltf-binary');
    expect(model.rawPayload.equals(glb)).toBe(true);
    const start = await t.app.inject({ url: `/api/viewer/${row.publicKey}/model`, headers: { range: 'bytes=0-11' } });
    expect(start.statusCode).toBe(206);
    expect(start.rawPayload.equals(glb.subarray(0, 12))).toBe(true);
  });

  it('keeps the photo and its WebP poster in the bucket, and the viewer serves the poster', async () => {
    expect((await object(row.cheminImageGroupe[0])).equals(photo)).toBe(true);
    expect(row.viewerPoster).toMatch(/\.webp$/);
    const stored = await object(row.viewerPoster!);
    const info = (await t.call('GET', `/api/viewer/${row.publicKey}`, null)).json();
    const poster = await t.call('GET', info.posterUrl, null);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
    expect(poster.rawPayload.equals(stored)).toBe(true);
    expect((await sharp(stored).metadata()).width).toBe(1024);
  });

  it('an STL stored before conversions at upload is read and converted from the bucket', async () => {
    await store.remove([row.viewerModel]);
    await t.database.db
      .update(groupeModels)
      .set({ modelFormat: null, viewerModel: null })
      .where(eq(groupeModels.idGroupeModel, id));
    expect(await backfillModelFormats(t.database.db, store)).toBe(1);
    expect(await convertPendingModels(t.database.db, store, conversions)).toEqual({ converted: 1, failed: 0 });
    [row] = await t.database.db.select().from(groupeModels).where(eq(groupeModels.idGroupeModel, id));
    expect(row.modelFormat).toBe('stl');
    expect((await object(row.viewerModel!)).subarray(0, 4).toString()).toBe('glTF');
    // The local copy of the STL the conversion read is gone.
    expect(stagedFiles()).toEqual([]);
  });

  it('is removed from the bucket with its product', async () => {
    expect((await t.call('DELETE', `/api/GroupeModel/${id}`, vendeur)).statusCode).toBe(204);
    const left = await bucketKeys();
    expect(left).not.toContain(row.chemin3d);
    expect(left).not.toContain(row.viewerModel);
    expect(left).not.toContain(row.viewerPoster);
  });
});

describe('the start-up sweep on S3', () => {
  it('removes objects no row refers to and local temp files, keeps every referenced one', async () => {
    const orphan = await store.save('catalogue', 'glb', Buffer.from('glTF orphan'));
    const otherArea = await store.save('exports', 'csv', Buffer.from('a;b'));
    const temp = await store.tempPath();
    fs.writeFileSync(temp, 'half an upload');
    const referenced = await referencedKeys(t.database.db);

    // Another instance may be writing the same bucket: what was stored a moment ago stays. The temp file is
    // this instance's own (its DATA_DIR): it goes at once.
    const now = await sweepStoredFiles(t.database.db, store, { shared: true });
    expect(now).toEqual({ temp: [path.relative(staging, temp)], orphans: [] });
    expect(await bucketKeys()).toContain(orphan);

    // An hour later it is an orphan.
    const swept = await sweepStoredFiles(t.database.db, store, { shared: true, now: Date.now() + 2 * 3600_000 });
    expect(swept).toEqual({ temp: [], orphans: [orphan] });
    const left = await bucketKeys();
    expect(left).not.toContain(orphan);
    expect(left).toContain(otherArea);
    expect(left.filter((k) => referenced.has(k)).sort()).toEqual([...referenced].sort());
    expect(fs.existsSync(temp)).toBe(false);
  });
});
