// The demo visits (server/db/seed/visits.ts, docs/dashboard.md "Demo visits"): one per (product, session)
// with events, for every product with events, started at the session's first event there, never after the
// seed's time; AR only where an AR try was recorded, on a platform the system has; and mixes close to the
// stated ones. The data is deterministic (md5 draws, a fixed "now"), so the proportions checked are those
// of one fixed data set, with margins that say what "realistic" means.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AR_PLATFORMS, AZIMUTH_SECTORS, DEVICE_CLASSES, ELEVATION_BANDS, SYSTEMS } from '#domain/visitSignals';

import { rowsOf } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/index';
import { FAILING_PLATFORM, FAILING_REFS } from '../../server/db/seed/visits';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
const now = new Date('2026-03-10T09:15:00Z');

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await seedDemo(t.database.db, { filesDir: t.filesDir, scale: 'small', now });
}, 180_000);
afterAll(() => t.close());

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));
const one = async <T>(q: ReturnType<typeof sql>) => (await query<T>(q))[0];
const device = (d: (typeof DEVICE_CLASSES)[number]) => DEVICE_CLASSES.indexOf(d) + 1;
const system = (s: (typeof SYSTEMS)[number]) => SYSTEMS.indexOf(s) + 1;
const platform = (p: (typeof AR_PLATFORMS)[number]) => AR_PLATFORMS.indexOf(p) + 1;

describe('demo visits', () => {
  it('has one visit per (product, session) with events, started at its first event, for every product with events', async () => {
    const r = await one<{ pairs: number; visits: number; matched: number; without: number; products: number }>(sql`
      with s as (select produit_id, user_session_id, min(ts) as first_ts from product_events group by 1, 2)
      select (select count(*) from s)::int as pairs,
             (select count(*) from product_visits)::int as visits,
             (select count(*) from s join product_visits v using (produit_id, user_session_id)
              where v.started_at = s.first_ts)::int as matched,
             (select count(*) from (select distinct produit_id from product_events) p
              where not exists (select 1 from product_visits v where v.produit_id = p.produit_id))::int as without,
             (select count(distinct produit_id) from product_visits)::int as products`);
    expect(r.pairs).toBeGreaterThan(1000);
    expect(r.visits).toBe(r.pairs);
    expect(r.matched).toBe(r.pairs);
    expect(r.without).toBe(0);
    // Every product of the companies with events: the catalogue's ones included; Galerie Horizon has none.
    const missing = await query<{ nom: string }>(sql`
      select g.nom_groupe_model as nom from groupe_models g
      where not exists (select 1 from product_visits v where v.produit_id = g.id_groupe_model) order by 1`);
    expect(missing.map((m) => m.nom)).toEqual(['Miroir Horizon', 'Tapis Horizon', 'Vase Horizon']);
    expect(r.products).toBeGreaterThan(260);
  });

  it('has nothing after the seed time', async () => {
    const r = await one<{ after: number }>(sql`
      select count(*) filter (where started_at > ${now.toISOString()}::timestamptz
                              or updated_at > ${now.toISOString()}::timestamptz)::int as after
      from product_visits`);
    expect(r.after).toBe(0);
  });

  it('has AR only where an AR try was recorded, on a platform of the visit system', async () => {
    const r = await one<{ arWithoutTry: number; tryWithoutAr: number; wrongPlatform: number; ar: number }>(sql`
      with s as (select produit_id, user_session_id, bool_or(ar_try) as ar from product_events group by 1, 2)
      select count(*) filter (where v.ar_platform > 0 and not s.ar)::int as "arWithoutTry",
             count(*) filter (where v.ar_platform = 0 and s.ar)::int as "tryWithoutAr",
             count(*) filter (where (v.ar_platform = ${platform('quick-look')}) <> (v.ar_platform > 0 and v.system = ${system('ios')})
                              or (v.ar_platform in (${platform('scene-viewer')}, ${platform('webxr')}) and v.system <> ${system('android')})
                              or (v.ar_platform > 0 and v.device = ${device('ordinateur')}))::int as "wrongPlatform",
             count(*) filter (where v.ar_platform > 0)::int as ar
      from product_visits v join s using (produit_id, user_session_id)`);
    expect(r.ar).toBeGreaterThan(100);
    expect(r).toMatchObject({ arWithoutTry: 0, tryWithoutAr: 0, wrongPlatform: 0 });
    const counts = await one<{ bad: number }>(sql`
      select count(*) filter (where ar_platform > 0 and (ar_launches < 1 or ar_failed + ar_returned > ar_launches
                                or ar_placed > ar_launches - ar_failed
                                or (ar_placed > 0 and ar_platform <> ${platform('webxr')})))::int
           + count(*) filter (where ar_platform = 0 and ar_launches + ar_placed + ar_failed + ar_returned > 0)::int as bad
      from product_visits`);
    expect(counts.bad).toBe(0);
  });

  it('mixes devices, systems, sources and AR platforms as stated, with failure rates per platform', async () => {
    const shares = await one<Record<string, number>>(sql`
      select avg((device = ${device('telephone')})::int)::float8 as phone,
             avg((device = ${device('ordinateur')})::int)::float8 as computer,
             avg((device = ${device('tablette')})::int)::float8 as tablet,
             avg((system = ${system('ios')})::int) filter (where device = ${device('telephone')})::float8 as "phoneIos",
             avg((system in (${system('windows')}, ${system('macos')}, ${system('linux')}))::int)
               filter (where device = ${device('ordinateur')})::float8 as "computerDesktopOs",
             avg((source_host is null)::int)::float8 as "noSource",
             count(distinct source_host)::int as hosts,
             count(distinct utm_campaign)::int as campaigns
      from product_visits`);
    expect(shares.phone).toBeCloseTo(0.55, 1);
    expect(shares.computer).toBeCloseTo(0.35, 1);
    expect(shares.tablet).toBeGreaterThan(0.06);
    expect(shares.tablet).toBeLessThan(0.14);
    expect(shares.phoneIos).toBeGreaterThan(0.48);
    expect(shares.phoneIos).toBeLessThan(0.62);
    expect(shares.computerDesktopOs).toBe(1);
    expect(shares.noSource).toBeGreaterThan(0.35);
    expect(shares.noSource).toBeLessThan(0.45);
    expect(shares.hosts).toBeGreaterThanOrEqual(4);
    expect(shares.campaigns).toBeGreaterThanOrEqual(3);

    const rates = await query<{ platform: number; failing: boolean; launches: number; failed: number }>(sql`
      select v.ar_platform as platform, g.ref_primaire = any(${sql.raw(`ARRAY['${FAILING_REFS.join("','")}']`)}) as failing,
             sum(v.ar_launches)::int as launches, sum(v.ar_failed)::int as failed
      from product_visits v join groupe_models g on g.id_groupe_model = v.produit_id
      where v.ar_platform > 0 group by 1, 2`);
    const rate = (p: number, failing: boolean) => {
      const row = rates.find((x) => x.platform === p && x.failing === failing);
      return row ? { launches: row.launches, rate: row.failed / row.launches } : { launches: 0, rate: 0 };
    };
    // The usual products: Quick Look rarely fails, Scene Viewer sometimes, WebXR more often.
    const quickLook = rate(platform('quick-look'), false);
    const sceneViewer = rate(platform('scene-viewer'), false);
    const webxr = rate(platform('webxr'), false);
    expect(quickLook.launches).toBeGreaterThan(100);
    expect(sceneViewer.launches).toBeGreaterThan(100);
    expect(webxr.launches).toBeGreaterThan(20);
    expect(quickLook.rate).toBeLessThan(0.07);
    expect(sceneViewer.rate).toBeGreaterThan(0.03);
    expect(sceneViewer.rate).toBeLessThan(0.14);
    expect(webxr.rate).toBeGreaterThan(0.05);
    expect(webxr.rate).toBeLessThan(0.3);
    // The products that stand out: AR failing on one platform far more than elsewhere.
    const standing = rate(platform(FAILING_PLATFORM), true);
    expect(standing.launches).toBeGreaterThanOrEqual(5);
    expect(standing.rate).toBeGreaterThan(0.25);
  });

  it('times visits around 40 s and looks at the front and sides, rarely the back or from below', async () => {
    const time = await one<{ median: number; activeBad: number; firstBad: number }>(sql`
      select percentile_cont(0.5) within group (order by visible_ms)::float8 as median,
             count(*) filter (where active_ms > visible_ms or (active_ms > 0) <> (first_interaction_ms is not null))::int
               as "activeBad",
             count(*) filter (where first_interaction_ms >= visible_ms or first_interaction_ms < 0)::int as "firstBad"
      from product_visits`);
    expect(time.median).toBeGreaterThan(25_000);
    expect(time.median).toBeLessThan(55_000);
    expect(time).toMatchObject({ activeBad: 0, firstBad: 0 });

    const cells = await query<{ b: number; ms: number }>(sql`
      select (a.b - 1)::int as b, sum(a.ms)::float8 as ms
      from product_visits v cross join lateral unnest(v.attention) with ordinality a(ms, b) group by 1`);
    const total = cells.reduce((s, c) => s + c.ms, 0);
    const share = (keep: (sector: number, band: number) => boolean) =>
      cells
        .filter((c) => keep(c.b % AZIMUTH_SECTORS, Math.floor(c.b / AZIMUTH_SECTORS) % ELEVATION_BANDS))
        .reduce((s, c) => s + c.ms, 0) / total;
    expect(share((sector, band) => band === 1 && [0, 1, 2, 6, 7].includes(sector))).toBeGreaterThan(0.6);
    expect(share((sector) => [3, 4, 5].includes(sector))).toBeLessThan(0.08);
    expect(share((sector) => [3, 4, 5].includes(sector))).toBeGreaterThan(0);
    expect(share((_, band) => band === 2)).toBeLessThan(0.02);
    // No visit looked at more than it saw.
    const over = await one<{ n: number }>(sql`
      select count(*)::int as n from product_visits v
      where (select coalesce(sum(m), 0) from unnest(v.attention) m) > v.visible_ms`);
    expect(over.n).toBe(0);
  });
});
