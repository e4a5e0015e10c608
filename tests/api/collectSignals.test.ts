// The visit's signals through POST /api/collect (docs/viewer.md, "Visit signals"): the row stored in
// product_visits, the merge of totals arriving in any order (greatest per number, the source and the device
// kept from the first write), the refusals in French with nothing stored, the per-visit limit, GPC, robots
// and cross-site posts, the events' answer and counting unchanged, and the retention purge. Runs on PGlite,
// and on PostgreSQL with TEST_DATABASE_URL set (tests/helpers/db.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EMPTY_BATCH_MESSAGE } from '#domain/collect';
import { AR_PLATFORMS, ATTENTION_BUCKETS, DEVICE_CLASSES, SYSTEMS } from '#domain/visitSignals';
import { ACTIVE_OVER_VISIBLE_MESSAGE, AR_OUTCOMES_MESSAGE, ATTENTION_BUCKET_MESSAGE } from '#domain/visitSignalsSchema';

import { purgeEvents } from '../../server/analytics/retention';
import { SIGNALS_PER_VISIT } from '../../server/collect/limits';
import { rowsOf } from '../../server/db/client';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let product: { produitId: number; publicKey: string };
let directeur: string;

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  t = await createTestApp();
  directeur = await t.login('directeur@demo.fr');
  const id = (await t.call('GET', '/api/User/current', directeur)).json().entrepriseId;
  [product] = (await t.call('GET', `/api/Produit/Entreprise/${id}`, directeur)).json().$values;
});
afterAll(() => t.close());

let address = 0;
const nextAddress = () => `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
const session = () => `sig-${Math.random().toString(36).slice(2, 12)}`;

function collect(body: unknown, options: { ua?: string; ip?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/collect',
    remoteAddress: options.ip ?? nextAddress(),
    headers: {
      'user-agent': options.ua ?? CHROME_LINUX,
      'content-type': 'text/plain;charset=UTF-8',
      ...options.headers,
    },
    payload: JSON.stringify(body),
  });
}

async function grant(sessionId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/viewer/${product.publicKey}/visit?session=${sessionId}`,
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ visit: { token: string } }>().visit.token;
}

/** A page view: its session and token, and a batch maker. */
async function pageView() {
  const sessionId = session();
  const visit = await grant(sessionId);
  return {
    sessionId,
    batch: (signals: unknown, events: unknown[] = []) => ({
      key: product.publicKey,
      sessionId,
      visit,
      events,
      ...(signals === undefined ? {} : { signals }),
    }),
  };
}

const query = async (q: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await t.database.db.execute(q));
const visitRow = async (sessionId: string) =>
  (
    await query(sql`select produit_id, device, system, source_host, utm_source, utm_medium, utm_campaign,
      visible_ms, active_ms, first_interaction_ms, attention, ar_platform, ar_launches, ar_placed, ar_failed,
      ar_returned, started_at, updated_at from product_visits where user_session_id = ${sessionId}`)
  )[0];
const visitCount = async () => Number((await query(sql`select count(*)::int as n from product_visits`))[0].n);
const eventCount = async () => Number((await query(sql`select count(*)::int as n from product_events`))[0].n);

const full = {
  source: { host: 'www.maison-lumiere.fr', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'noel' },
  visibleMs: 42_000,
  activeMs: 9_000,
  firstInteractionMs: 2_500,
  attention: [
    [9, 30_000],
    [33, 12_000],
  ],
  ar: { platform: 'webxr', launches: 1, placed: 1, failed: 0, returned: 1 },
};

const dense = (pairs: number[][]) => {
  const out = new Array<number>(ATTENTION_BUCKETS).fill(0);
  for (const [b, ms] of pairs) out[b] = ms;
  return out;
};

describe('POST /api/collect with the visit signals', () => {
  it('stores one row per visit: every signal, the device from the agent (not the agent), no event needed', async () => {
    const view = await pageView();
    const before = await eventCount();
    const res = await collect(view.batch(full), { ua: ANDROID_PHONE });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ accepted: 0 });
    expect(await eventCount()).toBe(before);
    const row = await visitRow(view.sessionId);
    expect(row).toMatchObject({
      produit_id: product.produitId,
      device: DEVICE_CLASSES.indexOf('telephone') + 1,
      system: SYSTEMS.indexOf('android') + 1,
      source_host: 'www.maison-lumiere.fr',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'noel',
      visible_ms: 42_000,
      active_ms: 9_000,
      first_interaction_ms: 2_500,
      attention: dense(full.attention),
      ar_platform: AR_PLATFORMS.indexOf('webxr') + 1,
      ar_launches: 1,
      ar_placed: 1,
      ar_failed: 0,
      ar_returned: 1,
    });
    // Nothing of the agent is kept: no column holds it.
    const text = JSON.stringify(
      await query(sql`select * from product_visits where user_session_id = ${view.sessionId}`),
    );
    expect(text).not.toContain('Pixel');
    expect(text).not.toContain('Mozilla');
  });

  it('merges totals in any order: each number the larger, the first interaction the earlier, started_at kept, source and device from the first write', async () => {
    const view = await pageView();
    const later = {
      source: { host: 'autre-site.fr', utmSource: 'x' },
      visibleMs: 60_000,
      activeMs: 8_000,
      firstInteractionMs: 2_500,
      attention: [
        [9, 25_000],
        [10, 5_000],
      ],
      ar: { platform: 'scene-viewer', launches: 2, placed: 1, failed: 1, returned: 1 },
    };
    expect((await collect(view.batch(full), { ua: IPHONE })).statusCode).toBe(202);
    const first = await visitRow(view.sessionId);
    await new Promise((r) => setTimeout(r, 20));
    expect((await collect(view.batch(later), { ua: CHROME_LINUX })).statusCode).toBe(202);
    // An older beacon arriving last changes nothing.
    expect((await collect(view.batch({ ...full, visibleMs: 10_000, activeMs: 1_000 }))).statusCode).toBe(202);
    const row = await visitRow(view.sessionId);
    expect(row).toMatchObject({
      device: DEVICE_CLASSES.indexOf('telephone') + 1,
      system: SYSTEMS.indexOf('ios') + 1,
      source_host: 'www.maison-lumiere.fr',
      utm_source: 'newsletter',
      utm_campaign: 'noel',
      visible_ms: 60_000,
      active_ms: 9_000,
      first_interaction_ms: 2_500,
      attention: dense([
        [9, 30_000],
        [10, 5_000],
        [33, 12_000],
      ]),
      ar_platform: AR_PLATFORMS.indexOf('scene-viewer') + 1,
      ar_launches: 2,
      ar_placed: 1,
      ar_failed: 1,
      ar_returned: 1,
    });
    expect(new Date(row.started_at as string).getTime()).toBe(new Date(first.started_at as string).getTime());
    expect(new Date(row.updated_at as string).getTime()).toBeGreaterThan(
      new Date(first.started_at as string).getTime(),
    );
  });

  it('fills the source and the first interaction when a later write is the first to know them', async () => {
    const view = await pageView();
    await collect(view.batch({ visibleMs: 1_000, activeMs: 0, attention: [] }));
    expect(await visitRow(view.sessionId)).toMatchObject({
      source_host: null,
      first_interaction_ms: null,
      ar_platform: 0,
    });
    await collect(view.batch({ ...full, firstInteractionMs: 4_000 }));
    expect(await visitRow(view.sessionId)).toMatchObject({
      source_host: 'www.maison-lumiere.fr',
      utm_medium: 'email',
      first_interaction_ms: 4_000,
    });
  });

  it('counts the events of a batch with signals exactly as without (the answer and the flags unchanged)', async () => {
    const view = await pageView();
    const res = await collect(view.batch(full, [{ type: 'consultation' }, { type: 'arTry' }, { type: 'arTry' }]));
    expect(res.json()).toEqual({ accepted: 3 });
    const events = (await t.call('GET', `/api/ProductStatistics/Product/${product.produitId}`, directeur)).json()
      .$values as Array<{ userSessionId: string; consultation: boolean; ar_Try: boolean }>;
    const mine = events.filter((e) => e.userSessionId === view.sessionId);
    expect(mine.length).toBe(3);
    expect(mine.filter((e) => e.consultation).length).toBe(1);
    expect(mine.filter((e) => e.ar_Try).length).toBe(2);
    expect(await visitRow(view.sessionId)).toMatchObject({ visible_ms: 42_000 });
  });

  it.each<[string, unknown, string]>([
    ['neither events nor signals', undefined, EMPTY_BATCH_MESSAGE],
    ['active over visible', { ...full, activeMs: 50_000 }, ACTIVE_OVER_VISIBLE_MESSAGE],
    [
      'a bucket twice',
      {
        ...full,
        attention: [
          [1, 10],
          [1, 20],
        ],
      },
      ATTENTION_BUCKET_MESSAGE,
    ],
    ['a bucket past the last', { ...full, attention: [[48, 10]] }, ATTENTION_BUCKET_MESSAGE],
    ['more failures than launches', { ...full, ar: { ...full.ar, failed: 2 } }, AR_OUTCOMES_MESSAGE],
    ['a time over four hours', { ...full, visibleMs: 4 * 3_600_000 + 1 }, 'Durée invalide (4 h au plus)'],
    ['a path in the host', { ...full, source: { host: 'shop.fr/produit/42' } }, 'Hôte de la page d’origine invalide'],
    ['an unknown platform', { ...full, ar: { ...full.ar, platform: 'vision-pro' } }, 'Plateforme AR inconnue'],
  ])('refuses %s with a French 400, nothing stored', async (_, signals, message) => {
    const view = await pageView();
    const [visits, events] = [await visitCount(), await eventCount()];
    const res = await collect(view.batch(signals));
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ detail: string; errors: Record<string, string> }>();
    expect([body.detail, ...Object.values(body.errors)]).toContain(message);
    expect([await visitCount(), await eventCount()]).toEqual([visits, events]);
  });

  it('refuses a forged token, an unknown key, GPC, robots and cross-site posts the way it refuses events', async () => {
    const view = await pageView();
    const visits = await visitCount();
    const forged = { ...view.batch(full), visit: `${Date.now().toString(36)}.${'A'.repeat(43)}` };
    expect((await collect(forged)).statusCode).toBe(403);
    expect((await collect({ ...view.batch(full), key: 'z'.repeat(32) })).statusCode).toBe(403);
    const gpc = await collect(view.batch(full), { headers: { 'sec-gpc': '1' } });
    expect([gpc.statusCode, gpc.json()]).toEqual([202, { accepted: 0 }]);
    const robot = await collect(view.batch(full), {
      ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect([robot.statusCode, robot.json()]).toEqual([202, { accepted: 0 }]);
    expect((await collect(view.batch(full), { headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(403);
    expect(await visitCount()).toBe(visits);
    // The same batch, plainly sent, is stored: those headers alone made the difference.
    expect((await collect(view.batch(full))).statusCode).toBe(202);
    expect(await visitCount()).toBe(visits + 1);
  });

  it(`limits a visit to ${SIGNALS_PER_VISIT} signal writes; its events are still taken`, async () => {
    const view = await pageView();
    for (let i = 1; i <= SIGNALS_PER_VISIT; i++)
      expect((await collect(view.batch({ visibleMs: i, activeMs: 0, attention: [] }))).statusCode).toBe(202);
    expect(await visitRow(view.sessionId)).toMatchObject({ visible_ms: SIGNALS_PER_VISIT });
    const over = await collect(
      view.batch({ visibleMs: 99_999, activeMs: 0, attention: [] }, [{ type: 'consultation' }]),
    );
    expect(over.json()).toEqual({ accepted: 1 });
    expect(await visitRow(view.sessionId)).toMatchObject({ visible_ms: SIGNALS_PER_VISIT });
    // Another visit is not held back.
    const other = await pageView();
    expect((await collect(other.batch(full))).statusCode).toBe(202);
    expect(await visitRow(other.sessionId)).toBeDefined();
  }, 60_000);

  it('the retention purge deletes the visits started before the oldest kept month', async () => {
    const view = await pageView();
    await collect(view.batch(full));
    const old = session();
    await t.database.db.execute(sql`insert into product_visits (produit_id, user_session_id, started_at, updated_at)
      values (${product.produitId}, ${old}, now() - interval '500 days', now() - interval '500 days')`);
    const result = await purgeEvents(t.database.db, new Date(), 13);
    expect(result.visits).toBeGreaterThanOrEqual(1);
    expect(await visitRow(old)).toBeUndefined();
    expect(await visitRow(view.sessionId)).toBeDefined();
  });
});
