// Synthetic data of the 3D and AR insight's micro-benchmark (bench/insights.ts), in memory: a company's
// events as the engine stores them (StoredColumns, company-wide session numbers) and its visits as the
// visits answer gives them (VisitColumns), consistent with each other. Deterministic (bench/random.ts).
//
// Shape, per product of E events: 90 % of the events belong to visits of 1 to 6 events (3.5 on average,
// so ~0.26 visit per event: ~257 000 visits at 334 x 3 000), the other 10 % to sessions without a visit row
// (events older than the visit signals). A visit reuses, six times in ten, a session of an earlier product
// (one visitor browsing several products), whose device, system, source and country it keeps. The mixes
// are those a furniture merchant's pages would see: 46 % computers, 46 % phones, 6 % tablets; phones on
// Android six times in ten; AR launched on 22 % of the mobile visits, failing most on WebXR, and far more
// on every 37th product (so that the "failing" list is not empty); attention concentrated on the front.
import type { VisitColumns, VisitSource } from '../domain/analytics/visitColumns';
import type { StoredColumns } from '../workers/analytics/columns';
import { AR_TRY, CONSULTATION, CONVERSION, IFRAME } from '../workers/analytics/columns';
import { seededRandom } from './random';
import { FROM, TO } from './synthetic';

export interface InsightsData {
  productIds: number[];
  records: Map<number, StoredColumns>;
  visits: VisitColumns<number[]>;
  events: number;
  sessions: number;
  /** The host of the most visits (the benchmark's source filter). */
  topHost: string;
}

const ORPHAN_SHARE = 0.1;
const SESSION_REUSE = 0.6;
const COUNTRIES = ['France', 'Belgique', 'Suisse', 'Allemagne', 'Espagne', 'Italie', 'Canada', 'Inconnu'];
const COUNTRY_WEIGHTS = [62, 10, 8, 6, 5, 4, 3, 2];
/** Azimuth sectors from the front clockwise, elevation bands top / level / under. */
const SECTOR_WEIGHTS = [30, 14, 7, 3, 2, 3, 7, 14];
const BAND_WEIGHTS = [25, 67, 8];

/** The source dictionary as the server numbers it: ordered by host, then UTM fields, NULLs last. */
function sourceDictionary(): VisitSource[] {
  const merchant = 'www.mobilier-exemple.fr';
  const list: VisitSource[] = [
    { host: merchant, utmSource: null, utmMedium: null, utmCampaign: null },
    { host: merchant, utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'soldes-hiver' },
    { host: merchant, utmSource: 'facebook', utmMedium: 'social', utmCampaign: 'printemps-2026' },
    { host: merchant, utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'marque' },
    { host: 'blog.mobilier-exemple.fr', utmSource: null, utmMedium: null, utmCampaign: null },
  ];
  for (let i = 1; i <= 24; i++)
    list.push({
      host: `www.partenaire-${String(i).padStart(2, '0')}.fr`,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    });
  const key = (s: VisitSource) => [s.host, s.utmSource ?? '\uffff', s.utmMedium ?? '\uffff', s.utmCampaign ?? '\uffff'];
  return list.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    for (let k = 0; k < 4; k++) if (x[k] !== y[k]) return x[k] < y[k] ? -1 : 1;
    return 0;
  });
}

interface Session {
  start: number;
  device: number;
  system: number;
  source: number;
  country: number;
}

export function insightsData(products: number, eventsPerProduct: number, seed = 58): InsightsData {
  const random = seededRandom(seed);
  const pick = (weights: number[]) => {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = random() * total;
    for (let k = 0; k < weights.length; k++) if ((r -= weights[k]) < 0) return k;
    return weights.length - 1;
  };
  /** A log-normal duration (ms) around `median`, capped. */
  const duration = (median: number, cap: number) => {
    const u = Math.max(1e-9, random());
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
    return Math.min(cap, Math.round(median * Math.exp(z)));
  };
  const sources = sourceDictionary();
  const merchant = sources.findIndex((s) => s.host === 'www.mobilier-exemple.fr' && s.utmSource === null);
  const sourceWeights = sources.map((s, k) => (k === merchant ? 120 : s.host.startsWith('www.mobilier') ? 12 : 4));
  const span = TO - FROM;
  const sessions: Session[] = [];
  const newSession = (): number => {
    const d = random();
    const device = d < 0.46 ? 1 : d < 0.92 ? 2 : d < 0.98 ? 3 : 0;
    const s = random();
    const system =
      device === 1
        ? s < 0.7
          ? 3
          : s < 0.95
            ? 4
            : 5
        : device === 2
          ? s < 0.62
            ? 2
            : 1
          : device === 3
            ? s < 0.7
              ? 1
              : 2
            : 0;
    sessions.push({
      start: FROM + random() * span,
      device,
      system,
      source: random() < 0.35 ? -1 : pick(sourceWeights),
      country: pick(COUNTRY_WEIGHTS),
    });
    return sessions.length - 1;
  };

  const v = {
    product: [] as number[],
    session: [] as number[],
    start: [] as number[],
    device: [] as number[],
    system: [] as number[],
    source: [] as number[],
    visibleMs: [] as number[],
    activeMs: [] as number[],
    firstInteractionMs: [] as number[],
    arPlatform: [] as number[],
    arLaunches: [] as number[],
    arPlaced: [] as number[],
    arFailed: [] as number[],
    arReturned: [] as number[],
    attention: [] as Array<Array<[number, number]>>,
  };
  const productIds = Array.from({ length: products }, (_, i) => i + 1);
  const records = new Map<number, StoredColumns>();
  for (const p of productIds) {
    const time: number[] = [];
    const session: number[] = [];
    const flags: number[] = [];
    const country: number[] = [];
    const used = new Set<number>();
    const event = (t: number, s: number, f: number) => {
      time.push(t);
      session.push(s);
      flags.push(f);
      country.push(sessions[s].country);
    };
    while (time.length < eventsPerProduct) {
      const k = Math.min(eventsPerProduct - time.length, 1 + Math.floor(random() * 6));
      if (random() < ORPHAN_SHARE) {
        const s = newSession();
        for (let j = 0; j < k; j++) event(sessions[s].start + j * 20_000, s, random() < 0.7 ? CONSULTATION : 0);
        continue;
      }
      let s = sessions.length && random() < SESSION_REUSE ? Math.floor(random() * sessions.length) : -1;
      if (s < 0 || used.has(s)) s = newSession();
      used.add(s);
      const { device, system } = sessions[s];
      const start = sessions[s].start + random() * 600_000;
      const visible = duration(25_000, 1_800_000);
      const interacts = random() < (device === 1 ? 0.6 : 0.5);
      const first = interacts ? Math.min(visible, duration(3_000, 120_000)) : -1;
      const active = interacts ? Math.min(visible - first, duration(9_000, 900_000)) : 0;
      let platform = 0;
      let launches = 0;
      let placed = 0;
      let failed = 0;
      let returned = 0;
      if ((device === 2 || device === 3) && system > 0 && random() < 0.22) {
        platform = system === 1 ? 3 : random() < 0.45 ? 1 : 2;
        launches = random() < 0.15 ? 2 : 1;
        const failRate = [0.14, 0.09, 0.03][platform - 1] * (p % 37 === 0 ? 3 : 1);
        failed = random() < failRate ? 1 : 0;
        if (platform === 1) placed = !failed && random() < 0.85 ? 1 : 0;
        else returned = failed || random() < 0.93 ? 1 : 0;
      }
      // Attention: 1 to 6 distinct buckets sharing the visible time, front and level first.
      const buckets = new Map<number, number>();
      for (let m = 1 + Math.floor(random() * 6); m > 0; m--) {
        const b = pick(SECTOR_WEIGHTS) + 8 * pick(BAND_WEIGHTS) + (random() < 0.3 ? 24 : 0);
        buckets.set(b, (buckets.get(b) ?? 0) + 1 + random());
      }
      const weight = [...buckets.values()].reduce((a, b) => a + b, 0);
      v.product.push(p);
      v.session.push(s);
      v.start.push(Math.floor(start));
      v.device.push(device);
      v.system.push(system);
      v.source.push(sessions[s].source);
      v.visibleMs.push(visible);
      v.activeMs.push(active);
      v.firstInteractionMs.push(first);
      v.arPlatform.push(platform);
      v.arLaunches.push(launches);
      v.arPlaced.push(placed);
      v.arFailed.push(failed);
      v.arReturned.push(returned);
      v.attention.push(
        [...buckets]
          .sort((x, y) => x[0] - y[0])
          .map(([b, w]) => [b, Math.max(1, Math.round((visible * w) / weight))] as [number, number]),
      );
      const quote = random() < 0.025 * (launches ? 2.2 : 1) * (interacts ? 1.5 : 1);
      const arAt = launches ? Math.floor(random() * k) : -1;
      for (let j = 0; j < k; j++)
        event(
          start + j * 15_000 + random() * 10_000,
          s,
          (random() < 0.7 ? CONSULTATION : 0) |
            (interacts && (j === 0 || random() < 0.4) ? IFRAME : 0) |
            (j === arAt ? AR_TRY : 0) |
            (quote && j === k - 1 ? CONVERSION : 0),
        );
    }
    records.set(p, stored(p, time, session, flags, country));
  }

  // The answer's order: by start time.
  const n = v.product.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => v.start[a] - v.start[b] || a - b);
  const by = (xs: number[]) => order.map((i) => xs[i]);
  const attentionStart = [0];
  const attentionBucket: number[] = [];
  const attentionMs: number[] = [];
  for (const i of order) {
    for (const [b, ms] of v.attention[i]) {
      attentionBucket.push(b);
      attentionMs.push(ms);
    }
    attentionStart.push(attentionBucket.length);
  }
  const visits: VisitColumns<number[]> = {
    product: by(v.product),
    session: by(v.session),
    start: by(v.start),
    device: by(v.device),
    system: by(v.system),
    source: by(v.source),
    sources,
    visibleMs: by(v.visibleMs),
    activeMs: by(v.activeMs),
    firstInteractionMs: by(v.firstInteractionMs),
    arPlatform: by(v.arPlatform),
    arLaunches: by(v.arLaunches),
    arPlaced: by(v.arPlaced),
    arFailed: by(v.arFailed),
    arReturned: by(v.arReturned),
    attentionStart,
    attentionBucket,
    attentionMs,
  };
  const hostCounts = new Map<string, number>();
  for (const s of visits.source)
    if (s >= 0) hostCounts.set(sources[s].host, (hostCounts.get(sources[s].host) ?? 0) + 1);
  const topHost = [...hostCounts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  return { productIds, records, visits, events: products * eventsPerProduct, sessions: sessions.length, topHost };
}

/** A product's events as the engine stores them: ordered by time, as the server answers them. */
function stored(p: number, time: number[], session: number[], flags: number[], country: number[]): StoredColumns {
  const n = time.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => time[a] - time[b]);
  const r: StoredColumns = {
    productId: p,
    count: n,
    time: Float64Array.from(order, (i) => time[i]),
    session: Uint32Array.from(order, (i) => session[i]),
    sessionLimit: 0,
    flags: Uint8Array.from(order, (i) => flags[i]),
    country: Uint16Array.from(order, (i) => country[i]),
    countries: COUNTRIES,
    first: n ? Math.min(...time) : Infinity,
    last: n ? Math.max(...time) : -Infinity,
  };
  for (let e = 0; e < n; e++) if (r.session[e] >= r.sessionLimit) r.sessionLimit = r.session[e] + 1;
  return r;
}
