// POST /api/collect (docs/viewer.md): public, validated, bots ignored, limits, nothing stored on any
// refusal, and a valid batch counted by the events route like any other event. Every batch carries the
// visit token GET /api/viewer/{key}?session=… handed its page (visit() below).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LimiterFactory } from '../../server/auth/limiters';
import { createEventWriter } from '../../server/collect/eventWriter';
import { createVisitTokens } from '../../server/collect/visitTokens';
import { rowsOf } from '../../server/db/client';
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
const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

interface CollectOptions {
  ua?: string;
  ip?: string;
  contentType?: string;
  languages?: string;
  app?: TestApp;
  headers?: Record<string, string>;
}
/** Each call from its own address, so the per-address limit only matters where a test wants it. */
function collect(body: unknown, options: CollectOptions = {}) {
  return (options.app ?? t).app.inject({
    method: 'POST',
    url: '/api/collect',
    remoteAddress: options.ip ?? nextAddress(),
    headers: {
      'user-agent': options.ua ?? CHROME,
      'content-type': options.contentType ?? 'application/json',
      ...(options.languages ? { 'accept-language': options.languages } : {}),
      ...options.headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The visit token a viewer page receives with its data (GET /api/viewer/{key}?session=…). */
async function visit(key: string, sessionId: string, options: { ip?: string; app?: TestApp } = {}) {
  const res = await (options.app ?? t).app.inject({
    method: 'GET',
    url: `/api/viewer/${key}?session=${sessionId}`,
    remoteAddress: options.ip ?? nextAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().visit as { token: string; issuedAt: number } | null;
}

/** A page view's batch: a fresh session and its token. */
async function viewBatch(key: string, events: unknown[], options: { ip?: string; app?: TestApp } = {}) {
  const sessionId = session();
  const grant = await visit(key, sessionId, options);
  return { key, sessionId, visit: grant!.token, events };
}

const query = async (q: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await t.database.db.execute(q));
const totalEvents = async () => Number((await query(sql`select count(*)::int as n from product_events`))[0].n);
const productEvents = async (token: string, id: number) =>
  (await t.call('GET', `/api/ProductStatistics/Product/${id}`, token)).json().$values as Array<Record<string, unknown>>;

const session = () => `test-${Math.random().toString(36).slice(2, 12)}`;

describe('POST /api/collect refusals store nothing', () => {
  const hour = 3_600_000;
  const K = () => maisonProduct.publicKey;
  const cases: Array<[string, () => Promise<unknown>, number, CollectOptions?]> = [
    [
      'an unknown key',
      async () => ({ ...(await viewBatch(K(), [{ type: 'consultation' }])), key: 'a'.repeat(32) }),
      403,
    ],
    ['a malformed key', async () => ({ ...(await viewBatch(K(), [{ type: 'consultation' }])), key: 'x' }), 400],
    ['an unknown type', async () => viewBatch(K(), [{ type: 'consultation' }, { type: 'purchase' }]), 400],
    [
      'too many events',
      async () =>
        viewBatch(
          K(),
          Array.from({ length: 51 }, () => ({ type: 'consultation' })),
        ),
      400,
    ],
    ['no event', async () => viewBatch(K(), []), 400],
    [
      'a time two days ago',
      async () => viewBatch(K(), [{ type: 'consultation', at: new Date(Date.now() - 48 * hour).toISOString() }]),
      400,
    ],
    [
      'a time before the visit opened',
      async () => viewBatch(K(), [{ type: 'consultation', at: new Date(Date.now() - 5 * 60_000).toISOString() }]),
      400,
    ],
    [
      'a time ahead of the server',
      async () => viewBatch(K(), [{ type: 'conversion', at: new Date(Date.now() + 5 * 60_000).toISOString() }]),
      400,
    ],
    ['a time that is not ISO', async () => viewBatch(K(), [{ type: 'conversion', at: 'hier' }]), 400],
    [
      'a missing session',
      async () => {
        const { sessionId: _, ...rest } = await viewBatch(K(), [{ type: 'consultation' }]);
        return rest;
      },
      400,
    ],
    ['no visit token', async () => ({ key: K(), sessionId: session(), events: [{ type: 'consultation' }] }), 400],
    [
      'a forged visit token',
      async () => ({
        key: K(),
        sessionId: session(),
        visit: `${Date.now().toString(36)}.${'A'.repeat(43)}`,
        events: [{ type: 'consultation' }],
      }),
      403,
    ],
    [
      "another key's token",
      async () => {
        const other = await viewBatch(atelierProduct.publicKey, [{ type: 'conversion' }]);
        return { ...other, key: K() };
      },
      403,
    ],
    [
      "another session's token",
      async () => ({ ...(await viewBatch(K(), [{ type: 'conversion' }])), sessionId: session() }),
      403,
    ],
    [
      'a token with its time changed',
      async () => {
        const batch = await viewBatch(K(), [{ type: 'conversion' }]);
        const [issued, mac] = batch.visit.split('.');
        return { ...batch, visit: `${(parseInt(issued, 36) - 60_000).toString(36)}.${mac}` };
      },
      403,
    ],
    ['broken JSON', async () => '{"key": "', 400],
    ['broken JSON as text/plain', async () => '{"key": ', 400, { contentType: 'text/plain' }],
    ['a JSON that is not an object', async () => '[1,2]', 400],
    [
      'a cross-site Origin',
      async () => viewBatch(K(), [{ type: 'conversion' }]),
      403,
      { headers: { origin: 'https://evil.example', host: 'visio3d.example' } },
    ],
    [
      'Origin: null',
      async () => viewBatch(K(), [{ type: 'conversion' }]),
      403,
      { headers: { origin: 'null', host: 'visio3d.example' } },
    ],
    [
      'Sec-Fetch-Site: cross-site',
      async () => viewBatch(K(), [{ type: 'conversion' }]),
      403,
      { headers: { 'sec-fetch-site': 'cross-site' } },
    ],
    [
      'Sec-Fetch-Site: same-site (a sibling host)',
      async () => viewBatch(K(), [{ type: 'conversion' }]),
      403,
      { headers: { 'sec-fetch-site': 'same-site' } },
    ],
    ['a bot (valid batch)', async () => viewBatch(K(), [{ type: 'consultation' }]), 202, { ua: GOOGLEBOT }],
    ...(
      [
        ['no User-Agent', ''],
        ['User-Agent x', 'x'],
        ['User-Agent node', 'node'],
        ['a bare Mozilla/5.0', 'Mozilla/5.0'],
        ['curl', 'curl/8.5.0'],
        ['a 600-character agent', `${CHROME} ${'a'.repeat(600 - CHROME.length - 1)}`],
      ] as const
    ).map(
      ([name, ua]) =>
        [`a robot by its agent: ${name}`, async () => viewBatch(K(), [{ type: 'conversion' }]), 202, { ua }] as [
          string,
          () => Promise<unknown>,
          number,
          CollectOptions,
        ],
    ),
  ];
  for (const [name, body, status, options] of cases) {
    it(`${name}: ${status}`, async () => {
      const payload = await body();
      const before = await totalEvents();
      const res = await collect(payload, options);
      expect(res.statusCode, res.body).toBe(status);
      if (status === 202) expect(res.json()).toEqual({ accepted: 0 });
      else expect(res.json()).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
      if (status === 400 && typeof payload !== 'string')
        expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
      expect(await totalEvents()).toBe(before);
    });
  }

  it('a token past its visit (4 h and the late send): 400, nothing stored', async () => {
    // Issued by this server, four hours and eleven minutes ago: the signature is right, the time is not.
    const sessionId = session();
    const issued = Date.now() - (4 * 60 + 11) * 60_000;
    // The test server's secret (tests/helpers/app.ts): the same tokens as the server's own.
    const tokens = createVisitTokens('test-secret-for-tests-only-0123456789', new LimiterFactory({ kind: 'memory' }), {
      visitsPerAddress: 1,
    });
    const grant = await tokens.issue('192.0.2.1', maisonProduct.publicKey, sessionId, issued);
    const before = await totalEvents();
    const res = await collect({
      key: maisonProduct.publicKey,
      sessionId,
      visit: grant!.token,
      events: [{ type: 'conversion', at: new Date(issued + 60_000).toISOString() }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ visit: 'Visite expirée, rechargez la page' });
    expect(await totalEvents()).toBe(before);
  });

  it('an oversized body: 413, nothing stored', async () => {
    const before = await totalEvents();
    const res = await collect({
      ...(await viewBatch(maisonProduct.publicKey, [{ type: 'consultation' }])),
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
    const grant = (await visit(maisonProduct.publicKey, sessionId, { ip: '90.84.0.1' }))!;
    // Dated on the server's clock, within the visit (the viewer adds its offset: src/viewer/collector.ts).
    const at = new Date(grant.issuedAt + 30_000).toISOString();
    const res = await collect(
      {
        key: maisonProduct.publicKey,
        sessionId,
        visit: grant.token,
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
    const grant = (await visit(maisonProduct.publicKey, sessionId))!;
    const res = await collect(
      JSON.stringify({
        key: maisonProduct.publicKey,
        sessionId,
        visit: grant.token,
        events: [{ type: 'consultation' }],
      }),
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
      visit: (await visit(atelierProduct.publicKey, sessionId))!.token,
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
      const batch = await viewBatch(maisonProduct.publicKey, [{ type: 'consultation' }, { type: 'conversion' }]);
      const { sessionId } = batch;
      const res = await collect(batch, { languages });
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
        const batch = await viewBatch(String(product.key), [{ type: 'arTry' }], { app: geo });
        const { sessionId } = batch;
        const res = await collect(batch, { app: geo, ip, languages });
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
    // Three page views while the product exists; their batches come after its deletion.
    const [first, second, third] = await Promise.all(
      [0, 1, 2].map(() => viewBatch(String(doomed.key), [{ type: 'consultation' }])),
    );
    expect((await collect(first)).statusCode).toBe(202);
    await query(sql`delete from groupe_models where id_groupe_model = ${doomed.id}`);
    const before = await totalEvents();
    const res = await collect(second);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, detail: 'Visionneuse introuvable' });
    expect(await totalEvents()).toBe(before);
    // Forgotten: the next batch is refused by the key's lookup.
    expect((await collect(third)).statusCode).toBe(404);
  });
});

describe('POST /api/collect limits', () => {
  const conversions = (n: number) => Array.from({ length: n }, () => ({ type: 'conversion' }));
  const sessionsOf = async (app: TestApp, prefix: string) =>
    Number(
      rowsOf<{ n: number }>(
        await app.database.db.execute(
          sql`select count(*)::int as n from product_events where user_session_id like ${`${prefix}%`}`,
        ),
      )[0].n,
    );

  it('per address: the 121st batch a minute answers 429, robots counted too (the limit comes first)', async () => {
    const ip = '10.200.0.1';
    const batch = await viewBatch(maisonProduct.publicKey, [{ type: 'consultation' }]);
    // Robots' batches cost the address like any other: the robot test runs after the limit.
    for (let i = 0; i < 120; i++) {
      const res = await collect(batch, { ip, ua: `Mozilla/5.0 (compatible; Robot${i}/1.0)` });
      expect(res.statusCode, `batch ${i}`).toBe(202);
    }
    const before = await totalEvents();
    const res = await collect(batch, { ip });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await totalEvents()).toBe(before);
    // Another address is not held back.
    expect((await collect(batch)).json()).toEqual({ accepted: 1 });
  });

  it('per address: an IPv6 /64 is one address', async () => {
    const batch = await viewBatch(maisonProduct.publicKey, [{ type: 'consultation' }]);
    for (let i = 0; i < 120; i++)
      expect((await collect(batch, { ip: `2001:db8:7:7::${(i + 1).toString(16)}`, ua: 'x' })).statusCode).toBe(202);
    expect((await collect(batch, { ip: '2001:db8:7:7:ffff:ffff:ffff:fffe' })).statusCode).toBe(429);
    expect((await collect(batch, { ip: '2001:db8:7:8::1' })).statusCode).toBe(202);
  });

  it('per visit: its consultation and first interaction once, ten AR sessions and ten quote clicks', async () => {
    const batch = await viewBatch(maisonProduct.publicKey, [
      ...Array.from({ length: 3 }, () => ({ type: 'consultation' })),
      ...Array.from({ length: 2 }, () => ({ type: 'iframeInteraction' })),
      ...Array.from({ length: 12 }, () => ({ type: 'arTry' })),
      ...conversions(12),
    ]);
    expect((await collect(batch)).json()).toEqual({ accepted: 22 });
    // The same token again, from another address: the visit has nothing left.
    expect((await collect(batch)).json()).toEqual({ accepted: 0 });
    const rows = await query(
      sql`select count(*) filter (where consultation)::int as c, count(*) filter (where conversion)::int as v,
                 count(*)::int as n from product_events where user_session_id = ${batch.sessionId}`,
    );
    expect(rows[0]).toEqual({ c: 1, v: 10, n: 22 });
  });

  it('per key and address: 60 events a minute, then 429 for that address only', async () => {
    const ip = '10.201.0.1';
    const statuses: number[] = [];
    const sessions: string[] = [];
    for (let i = 0; i < 7; i++) {
      const batch = await viewBatch(maisonProduct.publicKey, conversions(10), { ip });
      sessions.push(batch.sessionId);
      statuses.push((await collect(batch, { ip })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429]);
    const stored = await query(
      sql`select count(*)::int as n from product_events where user_session_id in (${sql.join(sessions, sql`, `)})`,
    );
    expect(stored[0].n).toBe(60);
    // The same key from another address, and another key from this one, are not held back.
    expect((await collect(await viewBatch(maisonProduct.publicKey, conversions(1)))).json()).toEqual({ accepted: 1 });
    expect((await collect(await viewBatch(atelierProduct.publicKey, conversions(1)), { ip })).json()).toEqual({
      accepted: 1,
    });
  });

  it('visit tokens: 60 a minute per address, then the page still shows without one', async () => {
    const ip = '10.202.0.1';
    for (let i = 0; i < 60; i++) expect(await visit(maisonProduct.publicKey, session(), { ip })).not.toBeNull();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/viewer/${maisonProduct.publicKey}?session=${session()}`,
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nom: expect.any(String), visit: null });
    // Without a session id the answer carries no token at all (and costs no token).
    const bare = await t.app.inject({
      method: 'GET',
      url: `/api/viewer/${maisonProduct.publicKey}`,
      remoteAddress: ip,
    });
    expect(bare.json()).not.toHaveProperty('visit');
  });

  const stores: Array<[string, () => Promise<TestApp>]> = [
    [process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'memory', async () => t],
    ...(process.env.REDIS_URL
      ? [
          [
            'Redis',
            () =>
              createTestApp({
                redisUrl: process.env.REDIS_URL,
                limiterNamespace: `t-${Math.random().toString(36).slice(2)}`,
              }),
          ] as [string, () => Promise<TestApp>],
        ]
      : []),
  ];
  for (const [store, open] of stores) {
    it(`a flood of one key from 60 addresses adds at most 60 events per address; a new visitor is still counted (${store})`, async () => {
      const app = await open();
      try {
        const directeurToken = await app.login('directeur@demo.fr');
        const [target] = (await app.call('GET', '/api/GroupeModel', directeurToken)).json().$values as Array<{
          publicKey: string;
        }>;
        const run = `flood${Math.random().toString(36).slice(2, 8)}`;
        const statuses = new Map<number, number>();
        await Promise.all(
          Array.from({ length: 60 }, async (_, a) => {
            const ip = `10.150.${a}.7`;
            // Each address opens eight visits and sends each one a full batch of quote clicks.
            for (let v = 0; v < 8; v++) {
              const sessionId = `${run}-${a}-${v}`;
              const grant = (await visit(target.publicKey, sessionId, { ip, app }))!;
              const res = await collect(
                { key: target.publicKey, sessionId, visit: grant.token, events: conversions(50) },
                { ip, app },
              );
              statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            }
          }),
        );
        // Per visit 10 clicks kept; per address 60 events into this key: six visits, the last two refused.
        expect(Object.fromEntries(statuses)).toEqual({ 202: 360, 429: 120 });
        expect(await sessionsOf(app, run)).toBe(60 * 60);

        // A real visitor from a new address, during the flood's minute.
        const visitor = await viewBatch(target.publicKey, [{ type: 'consultation' }, { type: 'conversion' }], {
          app,
          ip: '198.51.100.20',
        });
        const res = await collect(visitor, { app, ip: '198.51.100.20' });
        expect(res.statusCode, res.body).toBe(202);
        expect(res.json()).toEqual({ accepted: 2 });
        expect(await sessionsOf(app, visitor.sessionId)).toBe(2);
      } finally {
        if (app !== t) await app.close();
      }
    }, 180_000);
  }

  it('per key: the circuit breaker (COLLECT_EVENTS_PER_KEY) answers 429 over its events a minute', async () => {
    process.env.COLLECT_EVENTS_PER_KEY = '30';
    let small: TestApp | undefined;
    try {
      small = await createTestApp({ seed: false });
      const [company] = rowsOf<{ id: number }>(
        await small.database.db.execute(
          sql`insert into entreprises (nom_entreprise) values ('Petite') returning entreprise_id as id`,
        ),
      );
      const [product] = rowsOf<{ key: string }>(
        await small.database.db.execute(
          sql`insert into groupe_models (entreprise_id, nom_groupe_model) values (${company.id}, 'Vase') returning public_key as key`,
        ),
      );
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await collect(await viewBatch(product.key, conversions(10), { app: small }), { app: small })).statusCode,
        );
      expect(statuses).toEqual([202, 202, 202, 429]);
      const stored = rowsOf<{ n: number }>(
        await small.database.db.execute(sql`select count(*)::int as n from product_events`),
      );
      expect(stored[0].n).toBe(30);
    } finally {
      delete process.env.COLLECT_EVENTS_PER_KEY;
      await small?.close();
    }
  }, 120_000);
});

describe('Global Privacy Control (docs/privacy.md)', () => {
  it('a browser sending Sec-GPC: 1 gets no visit token, and its batch answers 202 {accepted: 0}, nothing stored', async () => {
    const key = maisonProduct.publicKey;
    const gpc = { 'sec-gpc': '1' };
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/viewer/${key}?session=${session()}`,
      remoteAddress: nextAddress(),
      headers: gpc,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).not.toHaveProperty('visit');

    // A page loaded before the choice (it holds a valid token) and a GPC header on its batch: dropped.
    const batch = await viewBatch(key, [{ type: 'consultation' }, { type: 'conversion' }]);
    const before = await totalEvents();
    const res = await collect(batch, { headers: gpc });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 0 });
    expect(await totalEvents()).toBe(before);

    // The same batch without the header is stored: the header alone made the difference.
    const again = await collect(batch, { headers: { 'sec-gpc': '0' } });
    expect(again.json()).toEqual({ accepted: 2 });
    expect(await totalEvents()).toBe(before + 2);
  });
});
