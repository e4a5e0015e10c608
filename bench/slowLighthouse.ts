// npx tsx bench/slowLighthouse.ts [--cpu 3] [--runs 6] [--path /dashboard] [--as MAIL] [--dist DIR]:
// the Lighthouse audit of the CI's budgets (tests/helpers/lighthouse.ts: desktop, a fresh profile per run),
// with the simulated load's CPU time multiplied by --cpu. On a fast 2-core Xeon, --cpu 3 gives `/dashboard`
// runs of 72–95, as the slow AMD EPYC's CI runs (70–95; 99–100 on the Xeon at --cpu 1), so the gate of
// the slow host can be worked on from a fast one (docs/performance.md, "A slow host reproduced on a fast
// one"). Each run prints its score, metrics and longest tasks, then the median run
// (Lighthouse's choice, as the budget test makes it). --dist serves another build of the app (vite build
// --outDir DIR), for an A/B of two builds on one machine: alternate them, the runs' spread is wide.
import {
  AUDITED_AS,
  type AuditedPage,
  auditOnce,
  type LhResult,
  medianRun,
  score,
  tokenFor,
} from '../tests/helpers/lighthouse';
import { startServer } from '../tests/helpers/server';
import { numberArg, stringArg } from './flags';

const cpu = numberArg('cpu', 3);
const runs = numberArg('runs', 6);
const path = stringArg('path') ?? '/dashboard';
const as = stringArg('as') ?? AUDITED_AS[path];
const dist = stringArg('dist');

const metric = (lhr: LhResult, id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);

function line(lhr: LhResult): string {
  const tasks = (
    (lhr.audits['long-tasks']?.details as { items?: Array<{ url?: string; duration?: number }> })?.items ?? []
  )
    .slice(0, 6)
    .map((t) => `${(t.url ?? '?').split('/').pop()} ${Math.round(t.duration ?? 0)}`)
    .join(', ');
  return (
    `performance ${score(lhr, 'performance')} · FCP ${metric(lhr, 'first-contentful-paint')} · SI ${metric(lhr, 'speed-index')}` +
    ` · LCP ${metric(lhr, 'largest-contentful-paint')} · TBT ${metric(lhr, 'total-blocking-time')} ms` +
    ` · benchmark index ${Math.round(lhr.environment.benchmarkIndex)}\n    longest tasks (ms, slowed down): ${tasks}`
  );
}

async function main() {
  const server = await startServer(dist ? { DIST_DIR: dist } : {});
  try {
    const page: AuditedPage = { path, formFactor: 'desktop', ...(as ? { as } : {}) };
    const token = as ? await tokenFor(server.url, as) : undefined;
    console.log(`${path} desktop, CPU × ${cpu}, ${runs} runs${dist ? `, build ${dist}` : ''}`);
    const all: LhResult[] = [];
    for (let i = 0; i < runs; i++) {
      const lhr = await auditOnce(server.url, page, token, cpu);
      all.push(lhr);
      console.log(`  ${i + 1}. ${line(lhr)}`);
    }
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    console.log(`scores: ${sorted(all.map((r) => score(r, 'performance'))).join(' ')}`);
    console.log(`TBT (ms): ${sorted(all.map((r) => metric(r, 'total-blocking-time'))).join(' ')}`);
    console.log(`median run: ${line(medianRun(all))}`);
  } finally {
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
