// Events answers stored in the database (server/analytics/storedAnswers.ts): our worker's answer
// (binary columns, gzip) is stored for its version by the read that built it and after the collect route's
// writes; another server of the same database sends the stored bytes without building them; an answer of
// an older version is never sent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { COLUMNS_MEDIA_TYPE, decodeColumns } from '#domain/analytics/binaryColumns';

import { StoredAnswers } from '../../server/analytics/storedAnswers';
import { buildApp } from '../../server/app';
import { rowsOf } from '../../server/db/client';
import { productEvents } from '../../server/db/schema';
import type { App } from '../../server/deps';
import { event, newCompany } from '../helpers/analyticsCompany';
import { createTestApp, type TestApp } from '../helpers/app';
import { injectSend, sendVisit } from '../helpers/viewerVisit';

const SECRET = 'test-secret-for-tests-only-0123456789';
let t: TestApp;
let admin: string;
/** A second server of the same database, started with nothing in memory. */
let other: App;
let otherFiles: string;

beforeAll(async () => {
  t = await createTestApp({ jwtSecret: SECRET });
  admin = await t.login('admin@demo.fr');
  otherFiles = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-files-'));
  other = await buildApp({ db: t.database.db, jwtSecret: SECRET, filesDir: otherFiles });
});
afterAll(async () => {
  await other.close();
  await t.close();
  fs.rmSync(otherFiles, { recursive: true, force: true });
});

const ask = (app: App, id: number) =>
  app.inject({
    method: 'GET',
    url: `/api/ProductStatistics/Product/${id}?format=columns`,
    headers: { authorization: `Bearer ${admin}`, accept: COLUMNS_MEDIA_TYPE, 'accept-encoding': 'gzip' },
  });

const storedRow = async (id: number) =>
  rowsOf<{ version: string; current: string; body: Buffer }>(
    await t.database.db.execute(sql`
      select a.version::text as version, v.version::text as current, a.body
      from product_event_answers a join product_event_versions v on v.produit_id = a.produit_id
      where a.produit_id = ${id}`),
  )[0];

/** The stored answer of this product once it is of its current version (written in the background). */
async function storedCurrent(id: number, timeoutMs = 10_000): Promise<Buffer> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await storedRow(id);
    if (row && row.version === row.current) return Buffer.from(row.body);
    if (Date.now() > until) throw new Error(`no stored answer of the current version for product ${id}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const eventsIn = (gzipped: Buffer) => {
  const raw = gunzipSync(gzipped);
  return decodeColumns(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength)).time.length;
};

describe('stored events answers', () => {
  it('a read stores its answer; another server sends the stored bytes, built by nobody there', async () => {
    const c = await newCompany(t, 'Réponses gardées A', 1);
    const [id] = c.productIds;
    await t.database.db
      .insert(productEvents)
      .values([event(id, 's1', 1, 'FR'), event(id, 's2', 2, 'BE'), event(id, 's1', 3, null)]);
    const first = await ask(t.app, id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(await storedCurrent(id)).toEqual(first.rawPayload);

    // The same content compressed otherwise, stored under the current version: the other server sends
    // exactly these bytes, so it read them rather than building the answer.
    const recompressed = gzipSync(gunzipSync(first.rawPayload), { level: 9 });
    expect(recompressed.equals(first.rawPayload)).toBe(false);
    await t.database.db.execute(sql`update product_event_answers set body = ${recompressed} where produit_id = ${id}`);
    const second = await ask(other, id);
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(recompressed)).toBe(true);
    expect(eventsIn(second.rawPayload)).toBe(3);
  });

  it('an answer stored for an older version is never sent, and is replaced', async () => {
    const c = await newCompany(t, 'Réponses gardées B', 1);
    const [id] = c.productIds;
    await t.database.db.insert(productEvents).values([event(id, 's1', 1, 'FR')]);
    const before = await ask(t.app, id);
    await storedCurrent(id);
    // A new event written outside the collect route: the version moves on, the stored answer does not.
    await t.database.db.insert(productEvents).values([event(id, 's2', 2, 'FR')]);
    const row = await storedRow(id);
    expect(row.version).not.toBe(row.current);
    const after = await ask(other, id);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(eventsIn(after.rawPayload)).toBe(2);
    expect(eventsIn(await storedCurrent(id))).toBe(2);
  });

  it('the JSON answers and other encodings are neither stored nor read from the store', async () => {
    const c = await newCompany(t, 'Réponses gardées C', 1);
    const [id] = c.productIds;
    await t.database.db.insert(productEvents).values([event(id, 's1', 1, 'FR')]);
    const json = await t.app.inject({
      method: 'GET',
      url: `/api/ProductStatistics/Product/${id}?format=columns`,
      headers: { authorization: `Bearer ${admin}`, 'accept-encoding': 'gzip' },
    });
    expect(json.statusCode).toBe(200);
    const identity = await t.app.inject({
      method: 'GET',
      url: `/api/ProductStatistics/Product/${id}?format=columns`,
      headers: { authorization: `Bearer ${admin}`, accept: COLUMNS_MEDIA_TYPE, 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    await new Promise((r) => setTimeout(r, 200));
    expect(await storedRow(id)).toBeUndefined();
  });

  it('viewers that never stop writing do not hold the building back', async () => {
    const c = await newCompany(t, 'Réponses gardées D', 1);
    const [id] = c.productIds;
    await t.database.db.insert(productEvents).values([event(id, 's1', 1, 'FR')]);
    // 200 ms of calm expected, a write every 50 ms, but 600 ms at most after the first.
    const answers = new StoredAnswers(t.database.db, t.app.log, 200, 600);
    try {
      const started = Date.now();
      let built: Buffer | null = null;
      while (!built && Date.now() - started < 5000) {
        answers.written([id]);
        await new Promise((r) => setTimeout(r, 50));
        const row = await storedRow(id);
        if (row && row.version === row.current) built = Buffer.from(row.body);
      }
      expect(built).not.toBeNull();
      expect(eventsIn(built!)).toBe(1);
    } finally {
      await answers.close();
    }
  });

  it('events written by the collect route get their answer built in the background, before any read', async () => {
    const directeur = await t.login('directeur@demo.fr');
    const entrepriseId = (await t.call('GET', '/api/User/current', directeur)).json().entrepriseId;
    const [product] = (await t.call('GET', `/api/Produit/Entreprise/${entrepriseId}`, directeur)).json()
      .$values as Array<{
      produitId: number;
      publicKey: string;
    }>;
    const collected = await sendVisit(injectSend(t.app, '10.9.9.9'), product.publicKey, 'stored-answers-1', [
      'consultation',
      'arTry',
    ]);
    expect(collected).toBe(202);
    // Nobody asked for this product's events since: the stored answer comes from the write.
    const stored = await storedCurrent(product.produitId);
    const read = await ask(other, product.produitId);
    expect(read.rawPayload.equals(stored)).toBe(true);
    const [{ n }] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from product_events where produit_id = ${product.produitId}`,
      ),
    );
    expect(eventsIn(stored)).toBe(n);
  });
});
