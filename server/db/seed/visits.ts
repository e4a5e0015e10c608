// The demo visits (product_visits, domain/visitSignals.ts): one row per (product, session) that has demo
// events, started at the session's first event on that product, with the signals a viewer would have sent.
// Deterministic like the events (every draw is a slice of md5(product, session)), never in the future
// (the events are not, and the last write is capped at the seed's time), and one SQL statement for all of
// them, so the seed stays fast. The mixes (docs/dashboard.md, "Demo visits"):
// - device: 55 % téléphone, 35 % ordinateur, 10 % tablette overall; a visit with an AR try is on a phone
//   (85 %) or a tablet, as AR needs one, the others are drawn so that the overall mix holds;
// - system from the device: phones iOS 55 % / Android 45 %, tablets iOS 60 %, computers Windows 70 % /
//   macOS 23 % / Linux 7 %;
// - source: 40 % none; else the company's own shop (plain, instagram/social, newsletter/email, google/cpc),
//   a decoration magazine or a reseller, the campaign following the season (soldes-hiver, soldes-ete,
//   nouvelle-collection, marque);
// - visible time log-normal with a median of 40 s; active time and the first interaction only for visits
//   whose events have a 3D interaction; attention concentrated on the front and sides at eye level, the
//   back and the underside rare;
// - AR only for visits whose events have an AR try: iOS → Quick Look, Android → Scene Viewer (80 %) or
//   WebXR; failures per launch platform 3 % (Quick Look), 8 % (Scene Viewer), 15 % (WebXR), and 45 % on
//   Scene Viewer for the products of FAILING_REFS, so that they stand out.
import { sql } from 'drizzle-orm';

import {
  AR_PLATFORMS,
  ATTENTION_BUCKETS,
  AZIMUTH_SECTORS,
  DEVICE_CLASSES,
  ELEVATION_BANDS,
  SYSTEMS,
} from '#domain/visitSignals';

import type { Db } from '../client';

/** Products whose AR fails on Scene Viewer in the demo (Lampe Laiton brossé, Fauteuil Milano). */
export const FAILING_REFS = ['ML-1001', 'GME-2021'];
export const FAILING_PLATFORM = 'scene-viewer';

/** Hosts of each demo company's own shop, by the company's name. */
const OWN_HOSTS: Record<string, string> = {
  'Maison Lumière': 'www.maison-lumiere.fr',
  'Atelier Bois & Design': 'www.atelier-bois-design.fr',
  'Grand Mobilier Europe': 'boutique.grand-mobilier.eu',
};

// Dwell weights: azimuth sector 0 is the front (visitSignals.ts), 4 the back; bands from above, level, from
// below; far before near.
const SECTOR_WEIGHT = [1.0, 0.8, 0.6, 0.12, 0.06, 0.12, 0.6, 0.8];
const BAND_WEIGHT = [0.35, 1.0, 0.03];
const NEAR_WEIGHT = [1.0, 0.4];

function bucketWeights(): number[] {
  const weights = Array.from({ length: ATTENTION_BUCKETS }, (_, b) => {
    const sector = b % AZIMUTH_SECTORS;
    const band = Math.floor(b / AZIMUTH_SECTORS) % ELEVATION_BANDS;
    const near = b >= AZIMUTH_SECTORS * ELEVATION_BANDS ? 1 : 0;
    return SECTOR_WEIGHT[sector] * BAND_WEIGHT[band] * NEAR_WEIGHT[near];
  });
  const total = weights.reduce((s, w) => s + w, 0);
  return weights.map((w) => Number((w / total).toFixed(6)));
}

/** A stored code (index + 1) as SQL text: a constant of the statement, not a parameter of unknown type. */
const code = <T extends string>(list: readonly T[], value: T) => sql.raw(String(list.indexOf(value) + 1));

export async function seedVisits(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // PostgreSQL would compile this one-off statement (its estimate is over jit_above_cost): measured, the
    // compilation took longer than the statement itself.
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`
      insert into product_visits (produit_id, user_session_id, started_at, updated_at, device, system, source_host,
        utm_source, utm_medium, utm_campaign, visible_ms, active_ms, first_interaction_ms, attention,
        ar_platform, ar_launches, ar_placed, ar_failed, ar_returned)
      ${visitRows(now)}`);
  });
}

/** Attention profiles drawn once for the visits that interact: each visit takes one (cheap: no per-bucket work per visit). */
const PROFILES = 4096;
/** The opening view, front at eye level and far: all a visitor who does not interact looks at. */
const OPENING_BUCKET = AZIMUTH_SECTORS; // band 1 (level), sector 0 (front), far

/** The visits' rows, drawn from the events (see above). */
export function visitRows(now: Date) {
  const [phone, computer, tablet] = [
    code(DEVICE_CLASSES, 'telephone'),
    code(DEVICE_CLASSES, 'ordinateur'),
    code(DEVICE_CLASSES, 'tablette'),
  ];
  const [ios, android, windows, macos, linux] = SYSTEMS.map((s) => code(SYSTEMS, s));
  const [webxr, sceneViewer, quickLook] = AR_PLATFORMS.map((p) => code(AR_PLATFORMS, p));
  const failing = code(AR_PLATFORMS, FAILING_PLATFORM);
  const weights = sql.raw(`ARRAY[${bucketWeights().join(',')}]::float8[]`);
  const hosts = Object.entries(OWN_HOSTS);
  const names = sql.raw(`ARRAY[${hosts.map(([n]) => `'${n.replaceAll("'", "''")}'`).join(',')}]::text[]`);
  const own = sql.raw(`ARRAY[${hosts.map(([, h]) => `'${h}'`).join(',')}]::text[]`);
  const refs = sql.raw(`ARRAY[${FAILING_REFS.map((r) => `'${r}'`).join(',')}]::text[]`);
  const raw = (n: number) => sql.raw(String(n));
  // The n-th 24-bit slice of an md5 as a number in [0, 1), as the events' seed draws.
  const draw = (hex: string, n: number) =>
    `(('x' || substr(${hex}, ${n * 6 + 1}, 6))::bit(24)::int::float8 / 16777216)`;
  const r = (hex: string, n: number) => sql.raw(draw(hex, n));
  // A log-normal time in ms around `median` (Box-Muller on two draws of `hex`), 2 s to 4 h.
  const logNormal = (median: number, hex: string) =>
    sql.raw(`least(14400000, greatest(2000, round(exp(ln(${median}) + 0.9 * sqrt(-2 * ln(1 - ${draw(hex, 0)}))
      * cos(2 * pi() * ${draw(hex, 1)})))))::int`);
  return sql`
    with pk as materialized (
      -- per profile: its draws' hash and its budget, computed once (not once per bucket)
      select k, ph, ${logNormal(70000, 'ph')} as budget,
             (('x' || substr(ph, 13, 6))::bit(24)::int)::bigint as seed
      from (select k, md5('profile:' || k) as ph from generate_series(0, ${raw(PROFILES - 1)}) k) x
    ), pb as (
      -- dwell per bucket: the bucket's weight times a cheap per-bucket draw (an integer hash of the
      -- profile's seed) times a log-normal budget; under 200 ms counts as not looked at
      select pk.k, b, floor(pk.budget * (${weights})[b + 1]
               * ((pk.seed * (2 * b + 1) * 2654435761) % 1000)::float8 / 1000)::int as ms
      from pk cross join generate_series(0, ${raw(ATTENTION_BUCKETS - 1)}) b
    ), prof as (
      select k, array_agg(case when ms >= 200 then ms else 0 end order by b) as att,
             sum(case when ms >= 200 then ms else 0 end)::int as total
      from pb group by k
    ), s as (
      select e.produit_id as pid, e.user_session_id as sid, min(e.ts) as first_ts, max(e.ts) as last_ts,
             bool_or(e.iframe_interaction) as interacted, bool_or(e.ar_try) as ar,
             md5(e.produit_id || ':' || e.user_session_id) as h
      from product_events e
      group by e.produit_id, e.user_session_id
    ), d as materialized (
      -- materialized: the hashes and draws computed once per visit, not at each use below
      select s.*, md5(s.h) as h2, g.ref_primaire = any(${refs}) as failing_product,
             coalesce((${own})[array_position(${names}, en.nom_entreprise)], 'boutique.exemple.fr') as own_host,
             extract(month from s.first_ts at time zone 'UTC')::int as month,
             ${logNormal(30000, 's.h')} as still_visible,
             ${r('s.h', 2)} as dr, ${r('s.h', 3)} as sr, ${r('s.h', 4)} as src
      from s
      join groupe_models g on g.id_groupe_model = s.pid
      join entreprises en on en.entreprise_id = g.entreprise_id
    ), dv as (
      select d.*,
             case when d.ar then (case when d.dr < 0.85 then ${phone} else ${tablet} end)
                  else (case when d.dr < 0.475 then ${phone} when d.dr < 0.9125 then ${computer} else ${tablet} end)
             end as device
      from d
    ), sy as (
      select dv.*,
             case when dv.device = ${phone} then (case when dv.sr < 0.55 then ${ios} else ${android} end)
                  when dv.device = ${tablet} then (case when dv.sr < 0.6 then ${ios} else ${android} end)
                  else (case when dv.sr < 0.7 then ${windows} when dv.sr < 0.93 then ${macos} else ${linux} end)
             end as system,
             case when dv.month in (12, 1, 2) then 'soldes-hiver' when dv.month in (6, 7) then 'soldes-ete'
                  else 'nouvelle-collection' end as campaign,
             ${r('dv.h', 5)} as src2, ${r('dv.h2', 0)} as ir, ${r('dv.h2', 1)} as ar1, ${r('dv.h2', 2)} as ar2,
             ${r('dv.h2', 3)} as ar3, floor(${r('dv.h2', 4)} * ${raw(PROFILES)})::int as pk
      from dv
    ), ar as (
      select sy.*,
             case when not sy.ar then 0
                  when sy.system = ${ios} then ${quickLook}
                  when sy.ar1 < 0.8 then ${sceneViewer} else ${webxr} end as platform,
             case when not sy.ar then 0 when sy.ar2 < 0.2 then 2 else 1 end as launches
      from sy
    ), f as (
      select ar.*,
             case when ar.platform = 0 then 0
                  when ar.ar3 < (case when ar.failing_product and ar.platform = ${failing} then 0.45
                                      when ar.platform = ${quickLook} then 0.03
                                      when ar.platform = ${sceneViewer} then 0.08 else 0.15 end)
                  then ar.launches else 0 end as failed,
             -- a visit that interacts looked at its profile's angles for 55 to 95 % of its visible time;
             -- one that does not saw the opening view only
             case when ar.interacted then least(14400000, greatest(2000, (prof.total / (0.55 + 0.4 * ar.ar2))::int))
                  else ar.still_visible end as visible,
             prof.att
      from ar join prof on prof.k = ar.pk
    )
    select pid, sid, first_ts, least(last_ts + make_interval(secs => visible / 1000.0), ${now.toISOString()}::timestamptz),
           device, system,
           case when src < 0.4 then null when src2 < 0.74 then own_host when src2 < 0.88 then 'www.maison-deco.fr'
                else 'boutique.exemple.fr' end,
           case when src < 0.4 or (src2 >= 0.74 and src2 < 0.88) or src2 < 0.35 then null
                when src2 < 0.5 then 'instagram' when src2 < 0.62 then 'newsletter' else 'google' end,
           case when src < 0.4 or (src2 >= 0.74 and src2 < 0.88) or src2 < 0.35 then null
                when src2 < 0.5 then 'social' when src2 < 0.62 then 'email' else 'cpc' end,
           case when src < 0.4 or (src2 >= 0.74 and src2 < 0.88) or src2 < 0.35 then null
                when src2 < 0.62 then campaign when src2 < 0.74 then 'marque' else 'soldes-hiver' end,
           visible,
           case when interacted then (visible * (0.15 + 0.55 * ir))::int else 0 end,
           case when interacted then least(visible - 1000, (1500 + 9000 * ir * ir)::int) end,
           case when interacted then att
                else array_fill(0, array[${raw(OPENING_BUCKET)}]) || (visible * 0.95)::int
                     || array_fill(0, array[${raw(ATTENTION_BUCKETS - OPENING_BUCKET - 1)}]) end,
           platform, launches,
           case when platform = ${webxr} then launches - failed else 0 end,
           failed,
           case when platform = ${webxr} then (case when ir < 0.9 then launches - failed else 0 end)
                else launches - failed end
    from f`;
}
