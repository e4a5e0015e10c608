// The Lighthouse performance of each page, desktop and mobile (npm run bench; alone: npx tsx
// bench/lighthouse.ts [--runs 3]): Lighthouse's simulated throttling, a fresh profile per run, the median
// run as Lighthouse chooses it. Reported beside each run's benchmark index (Lighthouse's measure of the
// host's CPU) and the CPU model: the score is made of timings, so it says as much about the host as about
// the page (docs/performance.md), which is why it is reported here and gated nowhere.
import os from 'node:os';

import { AUDITED_AS, type AuditedPage, auditMedian, clsOf, type LhResult, score } from '../tests/helpers/lighthouse';
import { startServer } from '../tests/helpers/server';

/** The targets docs/performance.md sets: reported as met or missed, never failing anything. */
export const PERFORMANCE_TARGETS = { desktop: 95, mobile: 90 } as const;

export const LIGHTHOUSE_PAGES: AuditedPage[] = (['/login', '/dashboard', '/customers'] as const).flatMap((path) =>
  (['desktop', 'mobile'] as const).map((formFactor) => ({
    path,
    formFactor,
    ...(AUDITED_AS[path] ? { as: AUDITED_AS[path] } : {}),
  })),
);

export interface LighthouseRow {
  page: AuditedPage;
  median: LhResult;
  all: LhResult[];
}

const metric = (lhr: LhResult, id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);

export async function measureLighthouse(
  baseUrl: string,
  runs: number,
  log: (s: string) => void = () => undefined,
): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const page of LIGHTHOUSE_PAGES) {
    const { median, all } = await auditMedian(baseUrl, page, runs);
    rows.push({ page, median, all });
    log(
      `Lighthouse ${page.path} ${page.formFactor}: performance ${all.map((r) => score(r, 'performance')).join(' / ')}` +
        ` (benchmark index ${all.map((r) => Math.round(r.environment.benchmarkIndex)).join(' / ')})`,
    );
  }
  return rows;
}

/** The markdown table: one row per page and form factor, the median run's figures and every run's score. */
export function lighthouseReport(rows: LighthouseRow[], cpu = os.cpus()[0]?.model ?? '?'): string {
  const lines = [
    `### Lighthouse performance (median of ${rows[0]?.all.length ?? 0} runs, simulated throttling)`,
    '',
    `Host CPU: ${cpu}. The benchmark index is Lighthouse's own measure of the host (higher is faster); a`,
    'score from one host compares with another only at a similar index.',
    '',
    '| page | form factor | performance (median) | every run | target | FCP ms | LCP ms | TBT ms | CLS | benchmark index (each run) |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { page, median, all } of rows) {
    const perf = score(median, 'performance');
    const target = PERFORMANCE_TARGETS[page.formFactor];
    lines.push(
      `| ${page.path} | ${page.formFactor} | ${perf} | ${all.map((r) => score(r, 'performance')).join(' / ')}` +
        ` | ${target}${perf < target ? ' (missed)' : ''} | ${metric(median, 'first-contentful-paint')}` +
        ` | ${metric(median, 'largest-contentful-paint')} | ${metric(median, 'total-blocking-time')}` +
        ` | ${clsOf(median).toFixed(3)} | ${all.map((r) => Math.round(r.environment.benchmarkIndex)).join(' / ')} |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--runs');
  const runs = i > 0 ? Number(process.argv[i + 1]) : 3;
  const server = await startServer();
  try {
    console.log(lighthouseReport(await measureLighthouse(server.url, runs, console.log)));
  } finally {
    await server.stop();
  }
}
