// What the ranking adds to a selection switch: the one pass (tally) over 1 000 products × 3 000 events
// with the per-product counts (all-products scope) against the same pass without them (a product scope
// runs the same loop without the ranking), then the rows built from it, and the comparison's second pass.
// A unit-level micro-benchmark, standalone: `npx tsx bench/ranking.ts [products] [eventsPerProduct]`.
// Prints medians and, per selection, whether the ranking stays within its 5 ms target (docs/dashboard.md) (counting total and
// unique users, where each event also keeps the product's own session flags); the full `npm run bench`
// drives the browser and is not needed for this figure.
import { performance } from 'node:perf_hooks';

import { Numbering, tally, type TallyRequest } from '../workers/analytics/aggregate';
import type { StoredColumns } from '../workers/analytics/columns';
import { rankingOf } from '../workers/analytics/ranking';
import { seededRandom } from './random';
import { median } from './stats';

const PRODUCTS = Number(process.argv[2] ?? 1000);
const EVENTS = Number(process.argv[3] ?? 3000);
const SESSIONS = 150_000;
const RUNS = 15;
const DAY = 86_400_000;
const start = Date.UTC(2024, 0, 1);
const end = Date.UTC(2026, 10, 20);

const random = seededRandom(42);

function product(id: number): StoredColumns {
  const n = EVENTS;
  const time = new Float64Array(n);
  const session = new Uint32Array(n);
  const flags = new Uint8Array(n);
  const country = new Uint16Array(n);
  for (let i = 0; i < n; i++) time[i] = start + random() * (end - start);
  time.sort();
  let limit = 0;
  for (let i = 0; i < n; i++) {
    session[i] = Math.floor(random() * SESSIONS);
    if (session[i] >= limit) limit = session[i] + 1;
    flags[i] =
      (random() < 0.8 ? 1 : 0) | (random() < 0.4 ? 2 : 0) | (random() < 0.15 ? 4 : 0) | (random() < 0.05 ? 8 : 0);
    country[i] = Math.floor(random() * 6);
  }
  return {
    productId: id,
    count: n,
    time,
    session,
    sessionLimit: limit,
    flags,
    country,
    countries: ['France', 'Belgique', 'Suisse', 'Allemagne', 'Espagne', 'Italie'],
    first: time[0],
    last: time[n - 1],
  };
}

const records = Array.from({ length: PRODUCTS }, (_, i) => product(i + 1));
const numbering = new Numbering('Europe/Paris');
const now = new Date(end + DAY);

function time(f: () => unknown): number[] {
  f(); // warm-up (JIT, the records' day numbers kept by the numbering)
  const xs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    f();
    xs.push(performance.now() - t0);
  }
  return xs;
}

/** Medians of a and b measured one after the other at each run. */
function pair(a: () => unknown, b: () => unknown): [number, number] {
  a();
  b();
  const xs: number[] = [];
  const ys: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    let t = performance.now();
    a();
    xs.push(performance.now() - t);
    t = performance.now();
    b();
    ys.push(performance.now() - t);
  }
  return [median(xs), median(ys)];
}

const t0 = performance.now();
for (const r of records) numbering.daysOf(r);
console.log(
  `${PRODUCTS} products × ${EVENTS} events (${(PRODUCTS * EVENTS).toLocaleString('en-GB')}), local days once: ${(performance.now() - t0).toFixed(1)} ms`,
);
/** The target (docs/dashboard.md): the ranking adds at most this to a selection switch (1 000 products × 3 000 events). */
const TARGET_MS = 5;
console.log(
  `selection | without the ranking (median ms) | with the ranking | the ranking's cost | rows | ≤ ${TARGET_MS} ms | comparison (2nd pass)`,
);
const verdicts: Array<[string, number]> = [];
for (const [label, request] of [
  ['year, total', { period: 'year', year: 2025, counting: 'total' }],
  ['year, unique users', { period: 'year', year: 2025, counting: 'unique_users' }],
  ['all the data, total', { period: 'all_time', year: 2025, counting: 'total' }],
  ['all the data, unique users', { period: 'all_time', year: 2025, counting: 'unique_users' }],
  ['30 days, total', { period: 'custom', from: '2026-10-21', to: '2026-11-19', counting: 'total' }],
  ['30 days, unique users', { period: 'custom', from: '2026-10-21', to: '2026-11-19', counting: 'unique_users' }],
] as const) {
  const base = { month: 1, week: 1, ...request } as Omit<TallyRequest, 'scope'>;
  // Interleaved, so that a busy machine slows both alike.
  const [without, withRanking] = pair(
    () => tally(records, { ...base, scope: 1 }, now, numbering),
    () => tally(records, { ...base, scope: 'all' }, now, numbering),
  );
  const t = tally(records, { ...base, scope: 'all' }, now, numbering);
  const rows = median(time(() => rankingOf(t, null)));
  const previous =
    base.period === 'all_time'
      ? NaN
      : median(time(() => tally(records, { ...base, scope: 'all' }, now, numbering, true)));
  const cost = withRanking - without + rows;
  verdicts.push([label, cost]);
  const verdict = cost <= TARGET_MS ? 'met' : 'MISSED';
  console.log(
    `${label} | ${without.toFixed(2)} | ${withRanking.toFixed(2)} | ${cost.toFixed(2)} | ${rows.toFixed(2)} | ${verdict} | ${Number.isNaN(previous) ? '—' : previous.toFixed(2)}`,
  );
}
const unique = verdicts.filter(([l]) => l.includes('unique users'));
const worst = Math.max(...unique.map(([, c]) => c));
console.log(
  `\nUnique users: the ranking costs at most ${worst.toFixed(2)} ms (${unique.map(([l, c]) => `${l} ${c.toFixed(2)}`).join(', ')}): ` +
    `target ≤ ${TARGET_MS} ms ${worst <= TARGET_MS ? 'met' : 'MISSED'}. Every counting: ${
      verdicts.every(([, c]) => c <= TARGET_MS)
        ? 'met'
        : 'missed for ' +
          verdicts
            .filter(([, c]) => c > TARGET_MS)
            .map(([l]) => l)
            .join(', ')
    }.`,
);
