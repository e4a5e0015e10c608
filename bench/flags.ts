// npm run bench [-- flags]: sizes, runs and parts of the benchmark.
export interface Flags {
  products: number;
  events: number;
  runs: number;
  /** Sizes of the growth curve; a size without its own event count takes `events`. */
  growth: Array<{ products: number; events?: number }>;
  growthRuns: number;
  baselineSwitches: number;
  baselineRuns: number;
  cannonSeconds: number;
  postgres: boolean;
  baseline: boolean;
  uploads: boolean;
  /** The 3D-file attack: crafted and heavy STL uploads beside a light call (bench/modelAttack.ts). */
  models: boolean;
  /** The sign-in flood (bench/loginFlood.ts). */
  flood: boolean;
  cannon: boolean;
  light: boolean;
  /** The 3D and AR insight's computation over synthetic visits in memory (bench/insights.ts). */
  insights: boolean;
  /** The attacks on POST /api/collect beside a light call (bench/collectFlood.ts). */
  collect: boolean;
  /** A cold load per size without the bench's instrumentation, on a restarted server (bench/cdpPipe.ts). */
  bare: boolean;
  /** Lighthouse performance of each page, desktop and mobile (bench/lighthouse.ts). */
  lighthouse: boolean;
  lighthouseRuns: number;
  fresh: boolean;
  output: string | null;
}

const HELP = `npm run bench -- [options]
  --products N          products of the main company (334: 1,002,000 events)
  --events N            events per product (3000)
  --runs N              runs per measure, the median kept (3)
  --growth 30,100,...   sizes of the growth curve (30,100,1000,10000x300; PxE: P products of E events,
                        else --events; "none" to leave it out)
  --growth-runs N       runs per growth size (1)
  --baseline-switches N switches measured for the naive baseline (5)
  --baseline-runs N     runs of the naive baseline (1: it is slow)
  --cannon-seconds N    duration of each autocannon measure (10)
  --lighthouse-runs N   Lighthouse runs per page and form factor, the median run kept (3)
  --no-postgres         no server measure on PostgreSQL
  --no-baseline         no naive baseline
  --no-uploads          no measure of the uploads' memory (bench/uploads.ts)
  --no-models           no 3D-file attack (a crafted STL, six 20 MB STL; bench/modelAttack.ts)
  --no-flood            no sign-in flood (bench/loginFlood.ts)
  --no-collect          no attacks on the collection (bench/collectFlood.ts)
  --no-cannon           no autocannon measure of the server
  --no-light            no light call during 20 loads (bench/lightCall.ts)
  --no-insights         no 3D and AR insight computation (bench/insights.ts; alone: npx tsx bench/insights.ts)
  --no-bare             no cold load without instrumentation (Chromium driven through its DevTools pipe)
  --no-lighthouse       no Lighthouse performance of the pages (bench/lighthouse.ts)
  --fresh               rebuild the synthetic data
  --output FILE         results file (bench/results.md; --quick: none)
  --quick               short: 100 x 1000, growth 10,30,100, 1 run, autocannon 3 s, 1 Lighthouse run`;

export function parseFlags(argv: string[]): Flags {
  const f: Flags = {
    products: 334,
    events: 3000,
    runs: 3,
    growth: [{ products: 30 }, { products: 100 }, { products: 1000 }, { products: 10000, events: 300 }],
    growthRuns: 1,
    baselineSwitches: 5,
    baselineRuns: 1,
    cannonSeconds: 10,
    postgres: true,
    baseline: true,
    uploads: true,
    models: true,
    flood: true,
    cannon: true,
    light: true,
    insights: true,
    collect: true,
    bare: true,
    lighthouse: true,
    lighthouseRuns: 3,
    fresh: false,
    output: 'bench/results.md',
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a}: value missing`);
      return v;
    };
    const int = () => {
      const n = Number(next());
      if (!Number.isInteger(n) || n < 0) throw new Error(`${a}: an integer expected`);
      return n;
    };
    if (a === '--quick')
      Object.assign(f, {
        products: 100,
        events: 1000,
        runs: 1,
        growth: [{ products: 10 }, { products: 30 }, { products: 100 }],
        baselineSwitches: 3,
        cannonSeconds: 3,
        lighthouseRuns: 1,
        output: null,
      });
    else if (a === '--products') f.products = int();
    else if (a === '--events') f.events = int();
    else if (a === '--runs') f.runs = Math.max(1, int());
    else if (a === '--growth') {
      const v = next();
      f.growth =
        v === 'none'
          ? []
          : v.split(',').map((item) => {
              const m = /^(\d+)(?:x(\d+))?$/.exec(item.trim());
              if (!m || Number(m[1]) === 0) throw new Error(`--growth: "${item}" is neither P nor PxE`);
              return m[2] ? { products: Number(m[1]), events: Number(m[2]) } : { products: Number(m[1]) };
            });
    } else if (a === '--growth-runs') f.growthRuns = Math.max(1, int());
    else if (a === '--baseline-switches') f.baselineSwitches = int();
    else if (a === '--baseline-runs') f.baselineRuns = Math.max(1, int());
    else if (a === '--cannon-seconds') f.cannonSeconds = int();
    else if (a === '--no-postgres') f.postgres = false;
    else if (a === '--no-baseline') f.baseline = false;
    else if (a === '--no-uploads') f.uploads = false;
    else if (a === '--no-models') f.models = false;
    else if (a === '--no-flood') f.flood = false;
    else if (a === '--no-cannon') f.cannon = false;
    else if (a === '--no-light') f.light = false;
    else if (a === '--no-insights') f.insights = false;
    else if (a === '--no-collect') f.collect = false;
    else if (a === '--no-bare') f.bare = false;
    else if (a === '--no-lighthouse') f.lighthouse = false;
    else if (a === '--lighthouse-runs') f.lighthouseRuns = Math.max(1, int());
    else if (a === '--fresh') f.fresh = true;
    else if (a === '--output') f.output = next();
    else if (a === '--help' || a === '-h') {
      console.log(HELP);
      process.exit(0);
    } else throw new Error(`unknown option: ${a}\n${HELP}`);
  }
  return f;
}

/** `--name N` of a script's own command line (the profilers'), or `fallback`. */
export function numberArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** `--name VALUE` of a script's own command line, or null. */
export function stringArg(name: string): string | null {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? null) : null;
}
