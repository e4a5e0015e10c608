// The binary columns answer (docs/api.md): asked with Accept: application/vnd.visio3d.columns on
// ?format=columns, it holds exactly the JSON columns answer's arrays, has its own ETag (listed by the
// company's versions) and 304, and every other request keeps its JSON answer.
import { gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { COLUMNS_MEDIA_TYPE, decodeColumns } from '#domain/analytics/binaryColumns';

import { acceptsBinaryColumns } from '../../server/analytics/eventAnswers';
import { productEvents } from '../../server/db/schema';
import { event, newCompany } from '../helpers/analyticsCompany';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.fr');
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}`, ...headers } });
const toBuffer = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

describe('binary columns answer', () => {
  it('holds the JSON columns arrays, with its own tag, listed by the versions, and 304', async () => {
    const c = await newCompany(t, 'Binaire A', 1);
    const [id] = c.productIds;
    await t.database.db
      .insert(productEvents)
      .values([event(id, 's1', 1, 'FR'), event(id, 's2', 2, 'BE'), event(id, 's1', 3, null)]);
    const json = await get(`/api/ProductStatistics/Product/${id}?format=columns`);
    const binary = await get(`/api/ProductStatistics/Product/${id}?format=columns`, {
      accept: `${COLUMNS_MEDIA_TYPE}, application/json;q=0.9`,
    });
    expect(binary.statusCode).toBe(200);
    expect(binary.headers['content-type']).toBe(COLUMNS_MEDIA_TYPE);
    expect(String(binary.headers.vary)).toMatch(/Accept,/);
    const expected = json.json();
    const got = decodeColumns(toBuffer(binary.rawPayload));
    expect({
      time: Array.from(got.time),
      session: Array.from(got.session),
      flags: Array.from(got.flags),
      country: Array.from(got.country),
      countries: got.countries,
    }).toEqual(expected);
    expect(got.time).toHaveLength(3);

    const tag = String(binary.headers.etag);
    expect(tag).not.toBe(String(json.headers.etag));
    const versions = (await get(`/api/ProductStatistics/Entreprise/${c.entrepriseId}/versions`)).json();
    expect(versions.products[0].binaryEtag).toBe(tag);
    expect(
      (
        await get(`/api/ProductStatistics/Product/${id}?format=columns`, {
          accept: COLUMNS_MEDIA_TYPE,
          'if-none-match': tag,
        })
      ).statusCode,
    ).toBe(304);
    // The JSON columns tag does not validate the binary answer (nor the reverse).
    expect(
      (
        await get(`/api/ProductStatistics/Product/${id}?format=columns`, {
          accept: COLUMNS_MEDIA_TYPE,
          'if-none-match': String(json.headers.etag),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await get(`/api/ProductStatistics/Product/${id}?format=columns`, { 'if-none-match': tag })).statusCode,
    ).toBe(200);

    // A new event: a new tag, and the new event in the answer (compressed as asked).
    await t.database.db.insert(productEvents).values(event(id, 's3', 4, 'FR'));
    const after = await get(`/api/ProductStatistics/Product/${id}?format=columns`, {
      accept: COLUMNS_MEDIA_TYPE,
      'if-none-match': tag,
      'accept-encoding': 'gzip',
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-encoding']).toBe('gzip');
    expect(decodeColumns(toBuffer(gunzipSync(after.rawPayload))).time).toHaveLength(4);
  });

  it('keeps JSON for the list, for a client that does not ask, and for q=0', async () => {
    const c = await newCompany(t, 'Binaire B', 1);
    const [id] = c.productIds;
    const list = await get(`/api/ProductStatistics/Product/${id}`, { accept: COLUMNS_MEDIA_TYPE });
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.json().$values).toEqual([]);
    const refused = await get(`/api/ProductStatistics/Product/${id}?format=columns`, {
      accept: `${COLUMNS_MEDIA_TYPE};q=0, application/json`,
    });
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(acceptsBinaryColumns(`application/json, ${COLUMNS_MEDIA_TYPE.toUpperCase()};q=0.5`)).toBe(true);
    expect(acceptsBinaryColumns('*/*')).toBe(false);
    expect(acceptsBinaryColumns(undefined)).toBe(false);
  });
});
