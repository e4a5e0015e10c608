// Runs the naive baseline (bench/baseline/naive.js) in the same browser against the same server: a
// bench-only page served on the server's origin by request interception (so its calls are same-origin),
// signed in as the admin. Cold: fresh context; warm: after a reload; switch: the same selection changes.
import fs from 'node:fs';
import path from 'node:path';

import type { Browser, Page } from 'playwright-core';

import { HeapSampler } from './heap';
import { ByteCounter } from './network';
import { ADMIN, PASSWORD, type Phase } from './ours';
import { installLongTaskProbe, longTasksBetween } from './probe';
import { summariseLongTasks } from './stats';

const SCRIPT = fs.readFileSync(path.join(import.meta.dirname, 'baseline', 'naive.js'), 'utf8');
const PAGE = `<!doctype html><html lang="fr"><meta charset="utf-8"><title>Naive baseline</title>
<p id="figures"></p><p id="series"></p><p id="geo"></p><script>${SCRIPT}</script></html>`;

type Sel = {
  scope: 'all' | number;
  metric: string;
  counting: string;
  period: string;
  year: number;
  month: number;
  week: number;
};
const START: Sel = {
  scope: 'all',
  metric: 'consultation',
  counting: 'unique_users',
  period: 'all_time',
  year: 2026,
  month: 10,
  week: 2,
};

/** The same 10 changes as the app's switches (metric, period, scope), as selection patches. */
const changes = (firstProduct: number): Array<Partial<Sel>> => [
  { metric: 'engagement' },
  { period: 'year' },
  { metric: 'ar_usage' },
  { period: 'month' },
  { scope: firstProduct },
  { metric: 'conversion' },
  { scope: 'all' },
  { period: 'week' },
  { metric: 'consultation' },
  { period: 'all_time' },
];

export interface BaselineResult {
  cold: Phase;
  warm: Phase;
  switches: number[];
  switchPhase: Phase;
}

export async function runBaseline(
  browser: Browser,
  baseUrl: string,
  productIds: number[],
  switchCount: number,
): Promise<BaselineResult> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1400, height: 900 },
    serviceWorkers: 'block',
  });
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await context.addInitScript(installLongTaskProbe);
  await context.route('**/__bench/baseline.html', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: PAGE }),
  );
  const page = await context.newPage();
  const bytes = new ByteCounter(page);
  const heap = await HeapSampler.open(browser, page);
  try {
    await page.goto('/__bench/baseline.html');
    const token = await page.evaluate(
      async ([mail, password]) => {
        const r = await fetch('/api/Auth/backoffice/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ mail, password }),
        });
        return (await r.json()).token as string;
      },
      [ADMIN, PASSWORD],
    );

    const once = async (p: Page, selection: Sel) =>
      p.evaluate(
        ([ids, tok, sel]) => (window as any).naiveDashboard(ids, tok, sel) as Promise<{ t0: number; drawn: number }>,
        [productIds, token, selection] as const,
      );
    const phase = async (action: () => Promise<{ t0: number; end: number }>): Promise<Phase> => {
      await bytes.reset();
      heap.start();
      const { t0, end } = await action();
      const h = await heap.end();
      const net = await bytes.total();
      const lt = await page.evaluate(longTasksBetween, [t0, end] as [number, number]);
      return { ms: end - t0, longTasks: summariseLongTasks(lt), bytes: net.bytes, requests: net.requests, heap: h };
    };

    const cold = await phase(async () => {
      const r = await once(page, START);
      return { t0: r.t0, end: r.drawn };
    });
    await page.reload();
    const warm = await phase(async () => {
      const r = await once(page, START);
      return { t0: r.t0, end: r.drawn };
    });
    const switches: number[] = [];
    let selection = { ...START };
    let first = 0;
    let last = 0;
    const list = changes(productIds[0]);
    const switchPhase = await phase(async () => {
      for (let i = 0; i < switchCount; i++) {
        selection = { ...selection, ...list[i % list.length] };
        const r = await once(page, selection);
        if (i === 0) first = r.t0;
        last = r.drawn;
        switches.push(r.drawn - r.t0);
      }
      return { t0: first, end: last };
    });
    return { cold, warm, switches, switchPhase };
  } finally {
    await heap.close();
    await context.close();
  }
}
