// A light call while dashboards load: the real server on the embedded database (PGlite runs in the server's
// own thread), 20 dashboard loads at once, each asking the summary routes (company summary, then a product's
// summary, countries and journey), while one client calls GET /api/User/current one call after the other.
// Prints the light call's p50/p95/max alone and during the loads, and the loads' own time.
// Standalone: npx tsx bench/lightCall.ts [--products N] [--events N] [--rounds N]; npm run bench runs it too.
import { startServer } from '../tests/helpers/server';
import { type BenchCompany, pgliteDataDir } from './dataDir';
import { adminToken } from './ours';
import { median, percentile } from './stats';

export interface LightCallResult {
  products: number;
  events: number;
  loads: number;
  rounds: number;
  idle: { p50: number; p95: number; max: number; n: number };
  busy: { p50: number; p95: number; max: number; n: number };
  /** Median time of one round of concurrent loads (first round: answers not yet kept). */
  firstRoundMs: number;
  roundMs: number;
}

const LOADS = 20;
const now = () => performance.now();

/** Calls the light route one call after another until stop() and returns each call's time. */
function lightCalls(url: string, token: string) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const t = now();
      const res = await fetch(`${url}/api/User/current`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`/api/User/current : ${res.status}`);
      times.push(now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return {
    times,
    async stop() {
      running = false;
      await done;
      return times;
    },
  };
}

const stats = (xs: number[]) => ({ p50: median(xs), p95: percentile(xs, 95), max: Math.max(...xs), n: xs.length });

async function get(url: string, token: string, path: string): Promise<void> {
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${path} : ${res.status}`);
}

/** One dashboard's summary calls: the company's totals, then one product's totals, countries and journey. */
async function dashboardLoad(url: string, token: string, entrepriseId: number, productId: number): Promise<void> {
  await get(url, token, `/api/ProductStatistics/Entreprise/${entrepriseId}/summary`);
  await Promise.all([
    get(url, token, `/api/ProductStatistics/Product/${productId}/summary`),
    get(url, token, `/api/ProductStatistics/geo/Product/${productId}`),
    get(url, token, `/api/UserJourney/Product/${productId}/summary`),
  ]);
}

/** Measures on a bench data directory (bench/dataDir.ts) holding this company. */
export async function measureLightCall(options: {
  dir: string;
  company: BenchCompany;
  rounds: number;
  log: (s: string) => void;
}): Promise<LightCallResult> {
  const { dir, company } = options;
  // The app's build is not needed: only /api is called.
  const server = await startServer({ SEED: 'off', SKIP_BUILD: '1' }, dir);
  try {
    const token = await adminToken(server.url);
    const idleCalls = lightCalls(server.url, token);
    await new Promise((r) => setTimeout(r, 5000));
    const idle = await idleCalls.stop();

    const busy: number[] = [];
    const rounds: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const calls = lightCalls(server.url, token);
      const started = now();
      // Each load a different product, as 20 people opening their dashboard would.
      await Promise.all(
        Array.from({ length: LOADS }, (_, i) =>
          dashboardLoad(
            server.url,
            token,
            company.entrepriseId,
            company.productIds[(round * LOADS + i) % company.productIds.length],
          ),
        ),
      );
      rounds.push(now() - started);
      busy.push(...(await calls.stop()));
      options.log(
        `  round ${round + 1}: ${LOADS} loads in ${Math.round(rounds[round])} ms, light call p95 ${percentile(calls.times, 95).toFixed(0)} ms (${calls.times.length} calls)`,
      );
    }
    return {
      products: company.products,
      events: company.events,
      loads: LOADS,
      rounds: options.rounds,
      idle: stats(idle),
      busy: stats(busy),
      firstRoundMs: rounds[0],
      roundMs: median(rounds),
    };
  } finally {
    await server.stop();
  }
}

/** The results.md section. */
export function lightCallReport(r: LightCallResult): string {
  const ms = (x: number) => `${Math.round(x).toLocaleString('en-GB')} ms`;
  return [
    `## A light call during ${r.loads} dashboard loads (PGlite)`,
    '',
    `${r.products} products x ${r.events.toLocaleString('en-GB')} events; ${r.rounds} rounds of ${r.loads} simultaneous loads (the company's summary, then a different product's summary, countries and journey each), while a client calls \`GET /api/User/current\` in a loop.`,
    '',
    '| light call | p50 | p95 | max | calls |',
    '|---|---|---|---|---|',
    `| alone | ${ms(r.idle.p50)} | ${ms(r.idle.p95)} | ${ms(r.idle.max)} | ${r.idle.n} |`,
    `| during the loads | ${ms(r.busy.p50)} | ${ms(r.busy.p95)} | ${ms(r.busy.max)} | ${r.busy.n} |`,
    '',
    `Added by the loads to the light call's p95: ${ms(r.busy.p95 - r.idle.p95)}. A round of ${r.loads} loads: ${ms(r.firstRoundMs)} in the first round (nothing kept), ${ms(r.roundMs)} median.`,
    '',
  ].join('\n');
}

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

async function standalone() {
  const size = { products: flag('--products', 300), events: flag('--events', 3000) };
  const log = (s: string) => console.log(s);
  const { dir, companies } = await pgliteDataDir([size], false, log);
  const result = await measureLightCall({
    dir,
    company: companies.find((c) => c.products === size.products)!,
    rounds: flag('--rounds', 3),
    log,
  });
  console.log(`\n${lightCallReport(result)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  standalone().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
