// The worker's 3D and AR insight (workers/analytics/insights.ts) against an independent computation: random
// visits and events written to a real database (product_visits, product_events, migrations run), the events
// read back as the worker reads them (the columns answer), and every figure computed again in plain SQL
// (percentile_cont for medians, counts per platform and device, sums per bucket, Wilson in SQL), over
// selections of periods (across the spring DST change), scopes, time zones and each filter.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { countryLabel } from '../../domain/analytics/countries';
import {
  ACTIVE_EDGES_MS,
  FAILING_MIN_LAUNCHES,
  FAILING_RATE,
  IGNORED_SHARE,
  type InsightFilters,
  LIFT_MIN_VISITS,
  NO_FILTERS,
  TOP_BUCKETS,
} from '../../domain/analytics/insightsView';
import type { Period, Scope } from '../../domain/analytics/selection';
import type { VisitColumns } from '../../domain/analytics/visitColumns';
import { Zone } from '../../domain/analytics/zone';
import { AR_PLATFORMS, ATTENTION_BUCKETS, DEVICE_CLASSES } from '../../domain/visitSignals';
import { rowsOf } from '../../server/db/client';
import { productEvents, productVisits } from '../../server/db/schema';
import { fromCompact, type StoredColumns } from '../../workers/analytics/columns';
import { computeInsights, type InsightRequest } from '../../workers/analytics/insights';
import { newCompany } from '../helpers/analyticsCompany';
import { createTestApp, type TestApp } from '../helpers/app';
import { emptyVisitColumns } from '../helpers/visitColumns';

let t: TestApp;
let company: { entrepriseId: number; productIds: number[] };
let visits: VisitColumns<number[]>;
const records = new Map<number, StoredColumns>();

/** A small seeded generator: the same data at every run, so a failure can be looked at again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32;
  };
}

const COUNTRIES = ['France', 'Belgique', 'Suisse', 'Canada'];
const HOSTS = ['boutique.example', 'blog.example', 'salon.example'];
const CAMPAIGNS = [null, 'printemps', 'soldes'];

beforeAll(async () => {
  t = await createTestApp();
  company = await newCompany(t, 'Insight SQL', 4);
  const admin = await t.login('admin@demo.fr');
  const rnd = random(58);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const from = Date.UTC(2026, 1, 20);
  const span = Date.UTC(2026, 3, 10) - from;
  const visitRows: Array<typeof productVisits.$inferInsert> = [];
  const eventRows: Array<typeof productEvents.$inferInsert> = [];
  for (let k = 0; k < 900; k++) {
    // Some sessions see two products; some visits have no event at all (session -1 in the columns).
    const session = `s${Math.floor(k * 0.8)}`;
    // The fourth product is rare: its lifts have too few visits ("Pas assez de données").
    const produitId = company.productIds[rnd() < 0.04 ? 3 : Math.floor(rnd() * 3)];
    if (visitRows.some((v) => v.produitId === produitId && v.userSessionId === session)) continue;
    const start = new Date(from + Math.floor(rnd() * span));
    const platform = rnd() < 0.45 ? 1 + Math.floor(rnd() * 3) : 0;
    const launches = platform ? 1 + Math.floor(rnd() * 2) : 0;
    const failed = platform && rnd() < (platform === 2 ? 0.4 : 0.12) ? 1 : 0;
    const attention = new Array<number>(ATTENTION_BUCKETS).fill(0);
    if (rnd() < 0.85)
      for (let b = 0; b < 6; b++)
        attention[rnd() < 0.7 ? Math.floor(rnd() * 8) + 8 : Math.floor(rnd() * 48)] += Math.floor(rnd() * 4000);
    const active = rnd() < 0.2 ? 0 : Math.floor(rnd() ** 2 * 90_000);
    const host = rnd() < 0.15 ? null : pick(HOSTS);
    visitRows.push({
      produitId,
      userSessionId: session,
      startedAt: start,
      updatedAt: start,
      device: Math.floor(rnd() * 4),
      system: Math.floor(rnd() * 6),
      sourceHost: host,
      utmSource: host ? 'newsletter' : null,
      utmMedium: null,
      utmCampaign: host ? pick(CAMPAIGNS) : null,
      visibleMs: active + Math.floor(rnd() * 60_000),
      activeMs: active,
      firstInteractionMs: active > 0 ? Math.floor(rnd() * 20_000) : null,
      attention,
      arPlatform: platform,
      arLaunches: launches,
      arPlaced: platform === 1 && !failed && rnd() < 0.8 ? 1 : 0,
      arFailed: failed,
      arReturned: platform > 1 && rnd() < 0.85 ? 1 : 0,
    });
    if (rnd() < 0.1) continue;
    const ar = platform > 0 || rnd() < 0.05;
    const quote = rnd() < (ar ? 0.3 : 0.12);
    const country = pick(COUNTRIES);
    const events = 1 + Math.floor(rnd() * 3);
    for (let e = 0; e < events; e++)
      eventRows.push({
        produitId,
        userSessionId: session,
        // Before and after the visit's start: a visit's flags are its session's, whenever they happened.
        timestamp: new Date(start.getTime() + (e - 1) * 60_000),
        consultation: e === 0,
        iframeInteraction: active > 0 && e === events - 1,
        arTry: ar && e === events - 1,
        conversion: quote && e === events - 1,
        country: e === 1 && rnd() < 0.3 ? pick(COUNTRIES) : country,
      });
  }
  for (let i = 0; i < eventRows.length; i += 500)
    await t.database.db.insert(productEvents).values(eventRows.slice(i, i + 500));
  await t.database.db.insert(productVisits).values(visitRows);

  // The events as the worker reads them: the columns answer of each product.
  for (const id of company.productIds) {
    const body = (await t.call('GET', `/api/ProductStatistics/Product/${id}?format=columns`, admin)).json();
    const c = fromCompact(id, body);
    records.set(id, { ...c, sessionLimit: 0, first: 0, last: 0 });
  }

  // The visits as domain/analytics/visitColumns.ts says the route answers them, from the table.
  const rows = rowsOf<Record<string, unknown>>(
    await t.database.db.execute(sql`
      select v.produit_id, coalesce(s.session_no, -1) as session_no, floor(extract(epoch from v.started_at) * 1000)::float8 as start_ms,
        v.device, v.system, v.source_host, v.utm_source, v.utm_medium, v.utm_campaign, v.visible_ms, v.active_ms,
        v.first_interaction_ms, v.attention, v.ar_platform, v.ar_launches, v.ar_placed, v.ar_failed, v.ar_returned
      from product_visits v
      left join analytics_sessions s on s.entreprise_id = ${company.entrepriseId} and s.user_session_id = v.user_session_id
      where v.produit_id in (${sql.join(
        company.productIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by v.started_at`),
  );
  const c = emptyVisitColumns();

  const sourceIndex = new Map<string, number>();
  for (const r of rows) {
    c.product.push(Number(r.produit_id));
    c.session.push(Number(r.session_no));
    c.start.push(Number(r.start_ms));
    c.device.push(Number(r.device));
    c.system.push(Number(r.system));
    if (r.source_host === null) c.source.push(-1);
    else {
      const source = {
        host: r.source_host as string,
        utmSource: r.utm_source as string | null,
        utmMedium: r.utm_medium as string | null,
        utmCampaign: r.utm_campaign as string | null,
      };
      const key = JSON.stringify(source);
      let at = sourceIndex.get(key);
      if (at === undefined) sourceIndex.set(key, (at = c.sources.push(source) - 1));
      c.source.push(at);
    }
    c.visibleMs.push(Number(r.visible_ms));
    c.activeMs.push(Number(r.active_ms));
    c.firstInteractionMs.push(r.first_interaction_ms === null ? -1 : Number(r.first_interaction_ms));
    c.arPlatform.push(Number(r.ar_platform));
    c.arLaunches.push(Number(r.ar_launches));
    c.arPlaced.push(Number(r.ar_placed));
    c.arFailed.push(Number(r.ar_failed));
    c.arReturned.push(Number(r.ar_returned));
    c.attentionStart.push(c.attentionBucket.length);
    (r.attention as number[]).forEach((ms, b) => {
      if (ms > 0) {
        c.attentionBucket.push(b);
        c.attentionMs.push(ms);
      }
    });
  }
  c.attentionStart.push(c.attentionBucket.length);
  visits = c;
}, 120_000);
afterAll(() => t.close());

interface Case {
  name: string;
  scope: 'all' | number;
  period: Period;
  year?: number;
  month?: number;
  week?: number;
  from?: string;
  to?: string;
  timeZone: string;
  filters?: Partial<InsightFilters>;
}

const CASES: Case[] = [
  { name: 'all data, all products', scope: 'all', period: 'all_time', timeZone: 'Europe/Paris' },
  { name: 'March (DST), Paris', scope: 'all', period: 'month', year: 2026, month: 3, timeZone: 'Europe/Paris' },
  { name: 'March, New York', scope: 'all', period: 'month', year: 2026, month: 3, timeZone: 'America/New_York' },
  { name: 'week 5 of March', scope: 'all', period: 'week', year: 2026, month: 3, week: 5, timeZone: 'Europe/Paris' },
  {
    name: 'custom range',
    scope: 'all',
    period: 'custom',
    from: '2026-03-28',
    to: '2026-04-02',
    timeZone: 'Europe/Paris',
  },
  { name: 'one product', scope: 0, period: 'all_time', timeZone: 'Europe/Paris' },
  {
    name: 'source',
    scope: 'all',
    period: 'all_time',
    timeZone: 'Europe/Paris',
    filters: { source: 'boutique.example' },
  },
  {
    name: 'campaign',
    scope: 'all',
    period: 'year',
    year: 2026,
    timeZone: 'Europe/Paris',
    filters: { campaign: 'printemps' },
  },
  { name: 'country', scope: 'all', period: 'all_time', timeZone: 'Europe/Paris', filters: { country: 'Belgique' } },
  { name: 'device', scope: 'all', period: 'all_time', timeZone: 'Europe/Paris', filters: { device: 'telephone' } },
  {
    name: 'platform',
    scope: 'all',
    period: 'all_time',
    timeZone: 'Europe/Paris',
    filters: { platform: 'scene-viewer' },
  },
  {
    name: 'every filter, one product, March',
    scope: 1,
    period: 'month',
    year: 2026,
    month: 3,
    timeZone: 'Europe/Paris',
    filters: { source: 'blog.example', country: 'France', device: 'ordinateur' },
  },
];

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

describe('3D and AR insight against SQL', () => {
  it('the countries written are their own labels (the SQL filters them as stored)', () => {
    for (const c of COUNTRIES) expect(countryLabel(c)).toBe(c);
  });

  it.each(CASES)('$name', async (c) => {
    const ids = company.productIds;
    const scope: Scope = c.scope === 'all' ? 'all' : ids[c.scope];
    const request: InsightRequest = {
      scope,
      productIds: ids,
      period: c.period,
      year: c.year ?? 2026,
      month: c.month ?? 1,
      week: c.week ?? 1,
      from: c.from ?? null,
      to: c.to ?? null,
    };
    const filters = { ...NO_FILTERS, ...c.filters };
    const view = computeInsights(visits, records, request, new Zone(c.timeZone), filters);

    const scopeIds = scope === 'all' ? ids : [scope];
    const day = sql`(v.started_at at time zone ${c.timeZone})::date`;
    const period =
      c.period === 'all_time'
        ? sql`true`
        : c.period === 'year'
          ? sql`extract(year from ${day}) = ${c.year}`
          : c.period === 'month'
            ? sql`extract(year from ${day}) = ${c.year} and extract(month from ${day}) = ${c.month}`
            : c.period === 'week'
              ? // Week N of a month: the 7-day block N (days 7N-6 .. 7N; the last block runs to the month's end).
                sql`extract(year from ${day}) = ${c.year} and extract(month from ${day}) = ${c.month}
                  and least(5, (extract(day from ${day})::int - 1) / 7 + 1) = ${c.week}`
              : sql`${day} between ${c.from}::date and ${c.to}::date`;
    const f = filters;
    const where = sql.join(
      [
        sql`v.produit_id in (${sql.join(
          scopeIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        period,
        f.source === null ? sql`true` : sql`v.source_host = ${f.source}`,
        f.campaign === null
          ? sql`true`
          : sql`v.utm_campaign is not distinct from ${f.campaign} and v.source_host is not null`,
        f.device === null ? sql`true` : sql`v.device = ${DEVICE_CLASSES.indexOf(f.device) + 1}`,
        f.platform === null ? sql`true` : sql`v.ar_platform = ${AR_PLATFORMS.indexOf(f.platform) + 1}`,
        f.country === null
          ? sql`true`
          : sql`exists (select 1 from product_events e where e.produit_id = v.produit_id and e.user_session_id = v.user_session_id and e.country = ${f.country})`,
      ],
      sql` and `,
    );
    const base = sql`
      with v as (
        select v.*,
          coalesce((select bool_or(e.ar_try) from product_events e where e.produit_id = v.produit_id and e.user_session_id = v.user_session_id), false) as ar,
          coalesce((select bool_or(e.iframe_interaction) from product_events e where e.produit_id = v.produit_id and e.user_session_id = v.user_session_id), false) as inter,
          coalesce((select bool_or(e.conversion) from product_events e where e.produit_id = v.produit_id and e.user_session_id = v.user_session_id), false) as quote
        from product_visits v where ${where}
      )`;
    const q = async (body: ReturnType<typeof sql>) =>
      rowsOf<Record<string, unknown>>(await t.database.db.execute(sql`${base} ${body}`));

    // Visits.
    const [count] = await q(sql`select count(*)::int as n from v`);
    expect(view.visits).toBe(count.n);
    // Every case but the last (all filters at once) has visits: the figures below are not vacuous.
    if (c !== CASES.at(-1)) expect(view.visits).toBeGreaterThan(0);
    if (c === CASES[0]) {
      // The data exercises the rules' both sides: a failing platform, lifts with enough visits, ignored angles.
      expect(view.failingProducts.length).toBeGreaterThan(0);
      expect(view.ar.some((a) => !a.failing && a.launched > 0)).toBe(true);
      expect(view.lift.ar.enough && view.lift.interaction.enough).toBe(true);
      expect(view.lift.products.some((p) => !p.ar.enough)).toBe(true);
      expect(view.attention.ignored.length).toBeGreaterThan(0);
    }

    // AR per platform and per device.
    const success = sql`case when v.ar_platform = 1 then v.ar_placed >= 1 else v.ar_returned >= 1 and v.ar_failed = 0 end`;
    const perPlatform = await q(sql`
      select p.n as platform, count(v.*) filter (where v.ar_launches >= 1)::int as launched,
        count(v.*) filter (where v.ar_launches >= 1 and ${success})::int as succeeded,
        count(v.*) filter (where v.ar_launches >= 1 and v.ar_failed >= 1)::int as failed,
        count(v.*) filter (where v.ar_launches >= 1 and v.quote)::int as quotes
      from generate_series(1, 3) p(n) left join v on v.ar_platform = p.n group by p.n order by p.n`);
    expect(view.ar.map((a) => [a.launched, a.succeeded, a.failed, a.quotes])).toEqual(
      perPlatform.map((r) => [r.launched, r.succeeded, r.failed, r.quotes]),
    );
    for (const a of view.ar) {
      expect(a.failureRate).toBe(a.launched ? a.failed / a.launched : null);
      expect(a.failing).toBe(a.launched >= FAILING_MIN_LAUNCHES && a.failed / a.launched >= FAILING_RATE);
    }
    const perDevice = await q(sql`
      select v.device, count(*)::int as launched, count(*) filter (where ${success})::int as succeeded,
        count(*) filter (where v.ar_failed >= 1)::int as failed, count(*) filter (where v.quote)::int as quotes
      from v where v.ar_launches >= 1 and v.ar_platform between 1 and 3 group by v.device order by v.device`);
    expect(
      view.arByDevice.map((a) => [
        a.device === null ? 0 : DEVICE_CLASSES.indexOf(a.device) + 1,
        a.launched,
        a.succeeded,
        a.failed,
        a.quotes,
      ]),
    ).toEqual(perDevice.map((r) => [r.device, r.launched, r.succeeded, r.failed, r.quotes]));
    const failing = await q(sql`
      select v.produit_id, v.ar_platform, count(*)::int as launched, count(*) filter (where v.ar_failed >= 1)::int as failed
      from v where v.ar_launches >= 1 and v.ar_platform between 1 and 3 group by 1, 2
      having count(*) >= ${FAILING_MIN_LAUNCHES} and count(*) filter (where v.ar_failed >= 1)::float8 / count(*) >= ${FAILING_RATE}
      order by count(*) filter (where v.ar_failed >= 1)::float8 / count(*) desc, 1`);
    expect(
      view.failingProducts.map((p) => [p.product, AR_PLATFORMS.indexOf(p.platform) + 1, p.launched, p.failed]),
    ).toEqual(failing.map((r) => [r.produit_id, r.ar_platform, r.launched, r.failed]));

    // Attention.
    const dwell = await q(sql`
      select b.n as bucket, coalesce(sum(v.attention[b.n + 1]), 0)::float8 as ms
      from generate_series(0, ${ATTENTION_BUCKETS - 1}) b(n) left join v on true group by b.n order by b.n`);
    expect(view.attention.dwell).toEqual(dwell.map((r) => Number(r.ms)));
    const top = await q(sql`
      select b.n as bucket from generate_series(0, ${ATTENTION_BUCKETS - 1}) b(n) left join v on true
      group by b.n having coalesce(sum(v.attention[b.n + 1]), 0) > 0
      order by sum(v.attention[b.n + 1]) desc, b.n limit ${TOP_BUCKETS}`);
    expect(view.attention.top).toEqual(top.map((r) => r.bucket));
    const ignored = await q(sql`
, a as (
        select g.n as angle, coalesce(sum(coalesce(v.attention[g.n + 1], 0) + coalesce(v.attention[g.n + 25], 0)), 0)::float8 as ms
        from generate_series(0, 23) g(n) left join v on true group by g.n
      )
      select angle from a where (select sum(ms) from a) > 0 and ms < (select sum(ms) from a) * ${IGNORED_SHARE} order by angle`);
    expect(view.attention.ignored).toEqual(ignored.map((r) => r.angle));

    // Engagement.
    const [e] = await q(sql`
      select percentile_cont(0.5) within group (order by v.active_ms) as active,
        percentile_cont(0.5) within group (order by v.visible_ms) as visible,
        count(v.first_interaction_ms)::int as interacted,
        percentile_cont(0.5) within group (order by v.first_interaction_ms) as first
      from v`);
    expect(view.engagement.medianActiveMs).toBe(num(e.active));
    expect(view.engagement.medianVisibleMs).toBe(num(e.visible));
    expect(view.engagement.interacted).toBe(e.interacted);
    expect(view.engagement.medianFirstInteractionMs).toBe(num(e.first));
    const [d] = await q(sql`
      select count(*) filter (where v.active_ms = 0)::int as b0,
        count(*) filter (where v.active_ms > 0 and v.active_ms < ${ACTIVE_EDGES_MS[0]})::int as b1,
        count(*) filter (where v.active_ms >= ${ACTIVE_EDGES_MS[0]} and v.active_ms < ${ACTIVE_EDGES_MS[1]})::int as b2,
        count(*) filter (where v.active_ms >= ${ACTIVE_EDGES_MS[1]} and v.active_ms < ${ACTIVE_EDGES_MS[2]})::int as b3,
        count(*) filter (where v.active_ms >= ${ACTIVE_EDGES_MS[2]} and v.active_ms < ${ACTIVE_EDGES_MS[3]})::int as b4,
        count(*) filter (where v.active_ms >= ${ACTIVE_EDGES_MS[3]})::int as b5
      from v`);
    expect(view.engagement.distribution).toEqual([d.b0, d.b1, d.b2, d.b3, d.b4, d.b5]);

    // Lift, with Wilson's interval computed in SQL.
    const z = 1.959963984540054;
    const groups = (by: string) =>
      q(sql`
, g as (
          select coalesce(v.produit_id::text, 'all') as p, ${sql.raw(`v.${by}`)} as yes, count(*)::float8 as n, count(*) filter (where v.quote)::float8 as x
          from v group by grouping sets ((v.produit_id, ${sql.raw(`v.${by}`)}), (${sql.raw(`v.${by}`)}))
        )
        select p, yes, n::int, x::int, x / n as rate,
          greatest(0, ((x / n + ${z}^2 / (2 * n)) - ${z} * sqrt(x / n * (1 - x / n) / n + ${z}^2 / (4 * n * n))) / (1 + ${z}^2 / n)) as low,
          least(1, ((x / n + ${z}^2 / (2 * n)) + ${z} * sqrt(x / n * (1 - x / n) / n + ${z}^2 / (4 * n * n))) / (1 + ${z}^2 / n)) as high
        from g`);
    for (const [by, key] of [
      ['ar', 'ar'],
      ['inter', 'interaction'],
    ] as const) {
      const rows = await groups(by);
      const find = (p: string, yes: boolean) => rows.find((r) => r.p === p && r.yes === yes);
      const check = (lift: (typeof view.lift)['ar'], p: string) => {
        for (const [side, yes] of [
          ['with', true],
          ['without', false],
        ] as const) {
          const r = find(p, yes);
          const g = lift[side];
          expect(g.visits).toBe(r?.n ?? 0);
          expect(g.quotes).toBe(r?.x ?? 0);
          if (r) {
            expect(g.rate).toBeCloseTo(Number(r.rate), 12);
            expect(g.low).toBeCloseTo(Number(r.low), 12);
            expect(g.high).toBeCloseTo(Number(r.high), 12);
          } else expect(g.rate).toBeNull();
        }
        const enough =
          Number(find(p, true)?.n ?? 0) >= LIFT_MIN_VISITS && Number(find(p, false)?.n ?? 0) >= LIFT_MIN_VISITS;
        expect(lift.enough).toBe(enough);
      };
      check(view.lift[key], 'all');
      for (const p of view.lift.products) check(p[key], String(p.product));
      expect(view.lift.products.map((p) => p.product).sort()).toEqual(
        [...new Set(rows.filter((r) => r.p !== 'all').map((r) => Number(r.p)))].sort(),
      );
    }

    // The options: the values of the scope's and period's visits, before the filters.
    const optionsWhere = sql.join(
      [
        sql`v.produit_id in (${sql.join(
          scopeIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        period,
      ],
      sql` and `,
    );
    const opts = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`
        select array(select distinct v.source_host from product_visits v where ${optionsWhere} and v.source_host is not null) as hosts,
          array(select distinct v.utm_campaign from product_visits v where ${optionsWhere} and v.source_host is not null and v.utm_campaign is not null) as campaigns,
          array(select distinct e.country from product_visits v join product_events e on e.produit_id = v.produit_id and e.user_session_id = v.user_session_id where ${optionsWhere}) as countries`),
    )[0];
    expect([...view.options.sources].sort()).toEqual([...(opts.hosts as string[])].sort());
    expect([...view.options.campaigns].sort()).toEqual([...(opts.campaigns as string[])].sort());
    expect([...view.options.countries].sort()).toEqual([...(opts.countries as string[])].sort());
  });
});
