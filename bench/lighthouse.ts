// The Lighthouse performance of each page, desktop and mobile (npm run bench; alone: npx tsx
// bench/lighthouse.ts [--runs 3] [--viewer]): the back-office's pages and the public viewer's (mobile,
// with its LCP); Lighthouse's simulated throttling, a fresh profile per run, the median
// run as Lighthouse chooses it. Reported beside each run's benchmark index (Lighthouse's measure of the
// host's CPU) and the CPU model: the score is made of timings, so it says as much about the host as about
// the page (docs/performance.md), which is why it is reported here and gated nowhere.
import os from 'node:os';

import { AUDITED_AS, type AuditedPage, auditMedian, clsOf, type LhResult, score } from '../tests/helpers/lighthouse';
import { tokenOf } from '../tests/helpers/routeTable';
import { startServer } from '../tests/helpers/server';

/** The targets docs/performance.md sets: reported as met or missed, never failing anything. */
export const PERFORMANCE_TARGETS = { desktop: 95, mobile: 90 } as const;

/** The public viewer's page of a demo product: its key is read from the server at run time. */
export const VIEWER_PAGE = '/viewer/{key}';

export const LIGHTHOUSE_PAGES: AuditedPage[] = [
  ...(['/login', '/dashboard', '/customers'] as const).flatMap((path) =>
    (['desktop', 'mobile'] as const).map((formFactor) => ({
      path,
      formFactor,
      ...(AUDITED_AS[path] ? { as: AUDITED_AS[path] } : {}),
    })),
  ),
  // Phones are the viewer's visitors (docs/viewer.md): its goal is mobile performance ≥ 90, LCP < 2.5 s.
  { path: VIEWER_PAGE, formFactor: 'mobile' },
];

/** The key of the demo product "Applique Laiton" (a GLB and a photo: the poster). */
async function viewerKey(baseUrl: string): Promise<string> {
  const token = await tokenOf(baseUrl, 'directeur@demo.fr');
  const res = await fetch(`${baseUrl}/api/GroupeModel`, { headers: { authorization: `Bearer ${token}` } });
  const groupes = ((await res.json()) as { $values: Array<{ nomGroupeModel: string; publicKey: string }> }).$values;
  return groupes.find((g) => g.nomGroupeModel === 'Applique Laiton')!.publicKey;
}

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
  pages: AuditedPage[] = LIGHTHOUSE_PAGES,
): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const page of pages) {
    const audited = page.path === VIEWER_PAGE ? { ...page, path: `/viewer/${await viewerKey(baseUrl)}` } : page;
    const { median, all } = await auditMedian(baseUrl, audited, runs);
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
  // --viewer: the viewer's page only (its own figure, without auditing the back-office's pages).
  const pages = process.argv.includes('--viewer') ? LIGHTHOUSE_PAGES.filter((p) => p.path === VIEWER_PAGE) : undefined;
  const server = await startServer();
  try {
    console.log(lighthouseReport(await measureLighthouse(server.url, runs, console.log, pages)));
  } finally {
    await server.stop();
  }
}
