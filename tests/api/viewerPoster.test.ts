// The viewer's light poster (docs/viewer.md, "Caching"; server/catalogue/viewerPoster.ts): an uploaded
// large photo gives a WebP of 1024 px at most on its longest side, a stored file of its own served under
// the viewer's poster address with immutable caching; a new photo is a new poster, the old one removed, as
// when the photos are removed or the product deleted. A photo sharp refuses (over its pixel limit) gives no
// poster and loses nothing of the upload; a row without a poster (stored before) still shows its photo.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { groupeModels } from '../../server/db/schema';
import { makePoster, POSTER_PX } from '../../server/files/poster';
import { createTestApp, type TestApp } from '../helpers/app';
import { multipart, type Part } from './catalogueHelpers';

const IMMUTABLE = 'public, max-age=31536000, immutable';
let t: TestApp;
let directeur: string;
let categoryId: number;
/** A 12 MP photo (4000 × 3000, JPEG): noise over a gradient, which compresses like a photo's detail does. */
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  directeur = await t.login('directeur@demo.fr');
  categoryId = (await t.call('GET', '/api/Categorie', directeur)).json().$values[0].id;
  photo = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}, 120_000);
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, parts: Part[]) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method, url, payload, headers: { ...headers, authorization: `Bearer ${directeur}` } });
};
const product = (over: Part[]): Part[] => [
  ['NomGroupeModel', 'Fauteuil photographié'],
  ['IdCategorie', String(categoryId)],
  ...over,
];
const rowOf = async (id: number) =>
  (await t.database.db.select().from(groupeModels).where(eq(groupeModels.idGroupeModel, id)))[0];
const stored = (key: string | null) => !!key && fs.existsSync(path.join(t.filesDir, key));
const get = (url: string) => t.app.inject({ method: 'GET', url });

/** A PNG whose header declares 20 000 × 20 000 pixels (400 MP), over sharp's limit: read, never decoded. */
function pixelBomb(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey), compression, filter, interlace 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(20_001))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the poster made at upload', () => {
  it('is a WebP of 1024 px at most, served immutable under the viewer’s poster address', async () => {
    const res = await send('POST', '/api/Model/ModelWithGroup', product([['CheminImageGroupe', photo, 'photo.jpg']]));
    expect(res.statusCode, res.body).toBe(201);
    const row = await rowOf(res.json().idGroupeModel);
    expect(row.viewerPoster).toMatch(/^catalogue\/[0-9a-f-]{36}\.webp$/);
    expect(stored(row.viewerPoster)).toBe(true);
    // The photo itself is kept as uploaded (the catalogue and its downloads).
    expect(fs.readFileSync(path.join(t.filesDir, row.cheminImageGroupe[0])).equals(photo)).toBe(true);

    const info = (await get(`/api/viewer/${row.publicKey}`)).json();
    expect(info.posterUrl).toMatch(new RegExp(`^/api/viewer/${row.publicKey}/poster/[0-9a-f]{16}\\.webp$`));
    const poster = await get(info.posterUrl);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['cache-control']).toBe(IMMUTABLE);
    expect(poster.headers['content-type']).toBe('image/webp');
    const meta = await sharp(poster.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBe(POSTER_PX);
    expect(meta.width / meta.height).toBeCloseTo(4 / 3, 2);
    console.log(`poster: ${photo.length} bytes of photo → ${poster.rawPayload.length} bytes of poster`);
    expect(poster.rawPayload.length).toBeLessThan(photo.length / 4);
  });

  it('is replaced with the photos, removed with them and with the product', async () => {
    const created = await send('POST', '/api/Model/ModelWithGroup', product([['CheminImageGroupe', photo, 'a.jpg']]));
    const id = created.json().idGroupeModel as number;
    const first = (await rowOf(id)).viewerPoster;
    const firstUrl = (await get(`/api/viewer/${(await rowOf(id)).publicKey}`)).json().posterUrl as string;

    // A new photo: a new poster at a new address; the old file is gone and its address answers 404.
    const other = await sharp(photo).rotate(90).jpeg({ quality: 80 }).toBuffer();
    const edited = await send('PUT', `/api/GroupeModel/${id}`, product([['CheminImageGroupe', other, 'b.jpg']]));
    expect(edited.statusCode, edited.body).toBe(200);
    const second = (await rowOf(id)).viewerPoster;
    expect(second).toMatch(/\.webp$/);
    expect(second).not.toBe(first);
    expect(stored(first)).toBe(false);
    expect(stored(second)).toBe(true);
    expect((await get(firstUrl)).statusCode).toBe(404);
    const meta = await sharp(
      (await get((await get(`/api/viewer/${(await rowOf(id)).publicKey}`)).json().posterUrl)).rawPayload,
    ).metadata();
    expect([meta.width, meta.height]).toEqual([768, 1024]);

    // An edit that leaves the photos keeps the poster.
    await send('PUT', `/api/GroupeModel/${id}`, product([['Placement', 'Sol']]));
    expect((await rowOf(id)).viewerPoster).toBe(second);

    // Photos removed: no poster left, in the row or the store.
    await send('PUT', `/api/GroupeModel/${id}`, product([['Retirer', 'CheminImageGroupe']]));
    expect((await rowOf(id)).viewerPoster).toBeNull();
    expect(stored(second)).toBe(false);

    // Deleted with the product.
    await send('PUT', `/api/GroupeModel/${id}`, product([['CheminImageGroupe', photo, 'c.jpg']]));
    const third = (await rowOf(id)).viewerPoster;
    expect(stored(third)).toBe(true);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/GroupeModel/${id}`,
      headers: { authorization: `Bearer ${directeur}` },
    });
    expect(deleted.statusCode).toBe(204);
    expect(stored(third)).toBe(false);
  });

  it('is not made from a photo over sharp’s pixel limit: the upload is kept, the photo is the poster', async () => {
    const bomb = pixelBomb();
    // What the worker runs refuses it on its header, before decoding anything.
    const probe = path.join(t.filesDir, 'bombe.png');
    fs.writeFileSync(probe, bomb);
    await expect(makePoster(probe, `${probe}.webp`)).rejects.toThrow(/pixel limit/);
    fs.rmSync(probe);
    const res = await send('POST', '/api/Model/ModelWithGroup', product([['CheminImageGroupe', bomb, 'bombe.png']]));
    expect(res.statusCode, res.body).toBe(201);
    const row = await rowOf(res.json().idGroupeModel);
    expect(row.viewerPoster).toBeNull();
    expect(fs.readFileSync(path.join(t.filesDir, row.cheminImageGroupe[0])).equals(bomb)).toBe(true);
    const info = (await get(`/api/viewer/${row.publicKey}`)).json();
    expect(info.posterUrl).toMatch(/\.png$/);
    expect((await get(info.posterUrl)).rawPayload.equals(bomb)).toBe(true);
  });

  it('a product stored before (no poster column set) still shows its first photo', async () => {
    const res = await send('POST', '/api/Model/ModelWithGroup', product([['CheminImageGroupe', photo, 'd.jpg']]));
    const id = res.json().idGroupeModel as number;
    const { viewerPoster } = await rowOf(id);
    // As a row of before migration 0011: the column empty (its file left to the start-up sweep).
    await t.database.db.update(groupeModels).set({ viewerPoster: null }).where(eq(groupeModels.idGroupeModel, id));
    const row = await rowOf(id);
    const info = (await get(`/api/viewer/${row.publicKey}`)).json();
    expect(info.posterUrl).toMatch(/\.jpg$/);
    const poster = await get(info.posterUrl);
    expect(poster.headers['cache-control']).toBe(IMMUTABLE);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.equals(photo)).toBe(true);
    fs.rmSync(path.join(t.filesDir, viewerPoster!), { force: true });
  });
});
