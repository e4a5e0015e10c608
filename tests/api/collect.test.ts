// POST /api/collect (docs/viewer.md): public, validated, bots ignored, limits, nothing stored on any
// refusal, and a valid batch counted by the events route like any other event.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rowsOf } from '../../server/db/client';
import { createEventWriter } from '../../server/routes/collect/eventWriter';
import { createTestApp, type TestApp } from '../helpers/app';
import { writeMmdb } from '../helpers/mmdb';

let t: TestApp;
let directeur: string;
let atelier: string;
let maisonProduct: { produitId: number; publicKey: string };
let atelierProduct: { produitId: number; publicKey: string };

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

beforeAll(async () => {
  t = await createTestApp();
  directeur = await t.login('directeur@demo.fr');
  atelier = await t.login('directeur@atelier-bois.fr');
  const maisonId = (await t.call('GET', '/api/User/current', directeur)).json().entrepriseId;
  const atelierId = (await t.call('GET', '/api/User/current', atelier)).json().entrepriseId;
  [maisonProduct] = (await t.call('GET', `/api/Produit/Entreprise/${maisonId}`, directeur)).json().$values;
  [atelierProduct] = (await t.call('GET', `/api/Produit/Entreprise/${atelierId}`, atelier)).json().$values;
});
afterAll(() => t.close());

let address = 0;
/** Each call from its own address, so the per-address limit only matters where a test wants it. */
function collect(
  body: unknown,
  options: { ua?: string; ip?: string; contentType?: string; languages?: string; app?: TestApp } = {},
) {
  return (options.app ?? t).app.inject({
    method: 'POST',
    url: '/api/collect',
    remoteAddress: options.ip ?? `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
    headers: {
      'user-agent': options.ua ?? CHROME,
      'content-type': options.contentType ?? 'application/json',
      ...(options.languages ? { 'accept-language': options.languages } : {}),
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const query = async (q: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await t.database.db.execute(q));
const totalEvents = async () => Number((await query(sql`select count(*)::int as n from product_events`))[0].n);
const productEvents = async (token: string, id: number) =>
  (await t.call('GET', `/api/ProductStatistics/Product/${id}`, token)).json().$values as Array<Record<string, unknown>>;

const session = () => `test-${Math.random().toString(36).slice(2, 12)}`;

describe('POST /api/collect refusals store nothing', () => {
  const cases: Array<[string, () => unknown, number, Parameters<typeof collect>[1]?]> = [
    ['an unknown key', () => ({ key: 'a'.repeat(32), sessionId: session(), events: [{ type: 'consultation' }] }), 404],
    ['a malformed key', () => ({ key: 'x', sessionId: session(), events: [{ type: 'consultation' }] }), 400],
    [
      'an unknown type',
      () => ({
        key: maisonProduct.publicKey,
        sessionId: session(),
        events: [{ type: 'consultation' }, { type: 'purchase' }],
      }),
      400,
    ],
    [
      'too many events',
      () => ({
        key: maisonProduct.publicKey,
        sessionId: session(),
        events: Array.from({ length: 51 }, () => ({ type: 'consultation' })),
      }),
      400,
    ],
    ['no event', () => ({ key: maisonProduct.publicKey, sessionId: session(), events: [] }), 400],
    [
      'a time two days ago',
      () => ({
        key: maisonProduct.publicKey,
        sessionId: session(),
        events: [{ type: 'consultation', at: new Date(Date.now() - 2 * 86_400_000).toISOString() }],
      }),
      400,
    ],
    [
      'a time two days ahead',
      () => ({
        key: maisonProduct.publicKey,
        sessionId: session(),
        events: [{ type: 'conversion', at: new Date(Date.now() + 2 * 86_400_000).toISOString() }],
      }),
      400,
    ],
    [
      'a time that is not ISO',
      () => ({ key: maisonProduct.publicKey, sessionId: session(), events: [{ type: 'conversion', at: 'hier' }] }),
      400,
    ],
    ['a missing session', () => ({ key: maisonProduct.publicKey, events: [{ type: 'consultation' }] }), 400],
    ['broken JSON', () => '{"key": "', 400],
    ['broken JSON as text/plain', () => '{"key": ', 400, { contentType: 'text/plain' }],
    ['a JSON that is not an object', () => '[1,2]', 400],
    [
      'a bot (valid batch)',
      () => ({ key: maisonProduct.publicKey, sessionId: session(), events: [{ type: 'consultation' }] }),
      202,
      { ua: GOOGLEBOT },
    ],
  ];
  for (const [name, body, status, options] of cases) {
    it(`${name}: ${status}`, async () => {
      const before = await totalEvents();
      const res = await collect(body(), options);
      expect(res.statusCode, res.body).toBe(status);
      if (status !== 202)
        expect(res.json()).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
      if (status === 400 && typeof body() !== 'string')
        expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
      expect(await totalEvents()).toBe(before);
    });
  }

  it('an oversized body: 413, nothing stored', async () => {
    const before = await totalEvents();
    const res = await collect({
      key: maisonProduct.publicKey,
      sessionId: session(),
      events: [{ type: 'consultation' }],
      pad: 'x'.repeat(20_000),
    });
    expect(res.statusCode).toBe(413);
    expect(await totalEvents()).toBe(before);
  });
});

describe('POST /api/collect accepted batches', () => {
  it('is public, answers 202 and the batch is counted by the events route, flags by type, country from the language', async () => {
    const before = await productEvents(directeur, maisonProduct.produitId);
    const sessionId = session();
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const res = await collect(
      {
        key: maisonProduct.publicKey,
        sessionId,
        events: [
          { type: 'consultation', at },
          { type: 'iframeInteraction' },
          { type: 'arTry' },
          { type: 'conversion' },
        ],
      },
      { ip: '90.84.0.1', languages: 'fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7' },
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ accepted: 4 });
    const after = await productEvents(directeur, maisonProduct.produitId);
    expect(after.length).toBe(before.length + 4);
    const mine = after.filter((e) => e.userSessionId === sessionId);
    expect(mine.map((e) => [e.consultation, e.iframeInteraction, e.ar_Try, e.conversion])).toEqual(
      expect.arrayContaining([
        [true, false, false, false],
        [false, true, false, false],
        [false, false, true, false],
        [false, false, false, true],
      ]),
    );
    expect(new Set(mine.map((e) => e.country))).toEqual(new Set(['FR']));
    expect(mine.some((e) => Date.parse(String(e.timestamp)) === Date.parse(at))).toBe(true);
    // The address is stored nowhere: no column of the events holds it.
    const raw = await query(sql`select * from product_events where user_session_id = ${sessionId}`);
    expect(JSON.stringify(raw)).not.toContain('90.84.0.1');
  });

  it('accepts the same JSON as text/plain (navigator.sendBeacon)', async () => {
    const sessionId = session();
    const res = await collect(
      JSON.stringify({ key: maisonProduct.publicKey, sessionId, events: [{ type: 'consultation' }] }),
      { contentType: 'text/plain;charset=UTF-8' },
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(
      (await productEvents(directeur, maisonProduct.produitId)).filter((e) => e.userSessionId === sessionId).length,
    ).toBe(1);
  });

  it("a key of one company never writes into another company's product", async () => {
    const maisonBefore = (await productEvents(directeur, maisonProduct.produitId)).length;
    const atelierBefore = (await productEvents(atelier, atelierProduct.produitId)).length;
    const sessionId = session();
    // The body names only a key: whatever else is sent, the product is the key's.
    const res = await collect({
      key: atelierProduct.publicKey,
      sessionId,
      produitId: maisonProduct.produitId,
      events: [{ type: 'conversion' }, { type: 'consultation' }],
    });
    expect(res.statusCode).toBe(202);
    expect((await productEvents(directeur, maisonProduct.produitId)).length).toBe(maisonBefore);
    const atelierAfter = await productEvents(atelier, atelierProduct.produitId);
    expect(atelierAfter.length).toBe(atelierBefore + 2);
    expect(atelierAfter.filter((e) => e.userSessionId === sessionId).length).toBe(2);
  });
});

describe('POST /api/collect country', () => {
  const countriesOf = async (sessionId: string, app = t) =>
    rowsOf<Record<string, unknown>>(
      await app.database.db.execute(sql`select country from product_events where user_session_id = ${sessionId}`),
    ).map((r) => r.country);

  it('comes from the region of Accept-Language by default, and is unknown (null) without one', async () => {
    const cases: Array<[string | undefined, string | null]> = [
      ['es-ES,es;q=0.9', 'ES'],
      // The most preferred tag naming a region: Firefox's French default starts with a bare "fr".
      ['fr,fr-BE;q=0.8,en-US;q=0.5', 'BE'],
      ['fr', null],
      [undefined, null],
    ];
    for (const [languages, country] of cases) {
      const sessionId = session();
      const res = await collect(
        { key: maisonProduct.publicKey, sessionId, events: [{ type: 'consultation' }, { type: 'conversion' }] },
        { languages },
      );
      expect(res.statusCode, res.body).toBe(202);
      expect(await countriesOf(sessionId), String(languages)).toEqual([country, country]);
    }
  });

  it("comes from the operator's database when GEOIP_MMDB names one, the language's region where it knows nothing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-geoip-'));
    const file = path.join(dir, 'country.mmdb');
    // Both record shapes: ip-location-db's { country_code } and MaxMind's { country: { iso_code } }.
    fs.writeFileSync(
      file,
      writeMmdb({
        '90.84.0.0/16': { country_code: 'FR' },
        '203.0.113.0/24': { country: { iso_code: 'BE', names: { fr: 'Belgique' } } },
      }),
    );
    process.env.GEOIP_MMDB = file;
    let geo: TestApp | undefined;
    try {
      // A bare database (no demo data) with one company and one product: its key is the database's.
      geo = await createTestApp({ seed: false });
      const geoQuery = async (q: ReturnType<typeof sql>) =>
        rowsOf<Record<string, unknown>>(await geo!.database.db.execute(q));
      const [company] = await geoQuery(
        sql`insert into entreprises (nom_entreprise) values ('Géo') returning entreprise_id as id`,
      );
      const [product] = await geoQuery(
        sql`insert into groupe_models (entreprise_id, nom_groupe_model) values (${company.id}, 'Lampe') returning public_key as key`,
      );
      const cases: Array<[string, string, string]> = [
        ['90.84.3.4', 'en-US', 'FR'],
        ['203.0.113.9', 'fr-FR', 'BE'],
        ['::ffff:203.0.113.10', 'fr-FR', 'BE'],
        ['10.1.2.3', 'de-DE', 'DE'],
      ];
      for (const [ip, languages, country] of cases) {
        const sessionId = session();
        const res = await collect(
          { key: product.key, sessionId, events: [{ type: 'arTry' }] },
          { app: geo, ip, languages },
        );
        expect(res.statusCode, res.body).toBe(202);
        expect(await countriesOf(sessionId, geo), ip).toEqual([country]);
        const raw = await geoQuery(sql`select * from product_events where user_session_id = ${sessionId}`);
        expect(JSON.stringify(raw)).not.toContain(ip.replace('::ffff:', ''));
      }
    } finally {
      delete process.env.GEOIP_MMDB;
      await geo?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('POST /api/collect writes', () => {
  it('batches arriving together share statements; a batch the database refuses fails alone', async () => {
    const writer = createEventWriter(t.database.db);
    const before = await totalEvents();
    const sessions = Array.from({ length: 30 }, () => session());
    const outcomes = await Promise.allSettled(
      sessions.map((s, i) =>
        writer.write(
          // Batch 7 names a product that does not exist: the database refuses its rows.
          Array.from({ length: (i % 4) + 1 }, () => ({
            produitId: i === 7 ? 2_000_000_000 : maisonProduct.produitId,
            timestamp: new Date(),
            userSessionId: s,
            consultation: true,
          })),
        ),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(sessions.map((_, i) => (i === 7 ? 'rejected' : 'fulfilled')));
    const written = sessions.reduce((n, _, i) => n + (i === 7 ? 0 : (i % 4) + 1), 0);
    expect(await totalEvents()).toBe(before + written);
    for (const [i, s] of sessions.entries()) {
      const rows = await query(sql`select count(*)::int as n from product_events where user_session_id = ${s}`);
      expect(rows[0].n, `batch ${i}`).toBe(i === 7 ? 0 : (i % 4) + 1);
    }
  });

  it('a product deleted after its key was used answers 404, nothing stored', async () => {
    const [company] = await query(
      sql`select entreprise_id as id from groupe_models where id_groupe_model = ${maisonProduct.produitId}`,
    );
    const [doomed] = await query(
      sql`insert into groupe_models (entreprise_id, nom_groupe_model) values (${company.id}, 'Éphémère') returning id_groupe_model as id, public_key as key`,
    );
    const body = () => ({ key: doomed.key, sessionId: session(), events: [{ type: 'consultation' }] });
    expect((await collect(body())).statusCode).toBe(202);
    await query(sql`delete from groupe_models where id_groupe_model = ${doomed.id}`);
    const before = await totalEvents();
    const res = await collect(body());
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, detail: 'Visionneuse introuvable' });
    expect(await totalEvents()).toBe(before);
    // Forgotten: the next batch is refused by the key's lookup.
    expect((await collect(body())).statusCode).toBe(404);
  });
});

describe('POST /api/collect limits', () => {
  it('per address: over the limit answers 429 and stores nothing', async () => {
    const ip = '10.200.0.1';
    const body = () => ({ key: maisonProduct.publicKey, sessionId: session(), events: [{ type: 'consultation' }] });
    let status = 0;
    let sent = 0;
    while (status !== 429 && sent < 1000) {
      status = (await collect(body(), { ip })).statusCode;
      sent++;
    }
    expect(status).toBe(429);
    expect(sent).toBe(121); // COLLECT_BATCHES_PER_ADDRESS defaults to 120 a minute
    const before = await totalEvents();
    const res = await collect(body(), { ip });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await totalEvents()).toBe(before);
    // Another address is not held back.
    expect((await collect(body())).statusCode).toBe(202);
  });

  it('per key: over its events a minute answers 429 and stores nothing', async () => {
    // 6,000 events a minute by default: 120 batches of 50 from as many addresses reach it.
    const key = atelierProduct.publicKey;
    const full = () => ({
      key,
      sessionId: session(),
      events: Array.from({ length: 50 }, () => ({ type: 'consultation' })),
    });
    const atelierBefore = (await productEvents(atelier, atelierProduct.produitId)).length;
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await collect(full())).statusCode);
    // 2 events of this key were taken by the isolation test in this minute.
    expect(statuses.filter((s) => s === 202).length).toBe(119);
    expect(statuses.at(-1)).toBe(429);
    expect((await productEvents(atelier, atelierProduct.produitId)).length).toBe(atelierBefore + 119 * 50);
  });
});
