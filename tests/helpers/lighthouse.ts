// Lighthouse 12 on the built app, as tests/e2e/lighthouse.test.ts (accessibility, best practices, CLS) and
// the benchmark (bench/lighthouse.ts: performance) run it: the system Chromium with a
// fresh profile per run (a first visit: no cache, no service worker), Lighthouse's own simulated
// throttling, and for signed-in pages the session token put on the origin before the audit (the app keeps
// it in localStorage; a page that does not run the app is used, so nothing gets cached or installed).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';

import { CHROMIUM_FLAGS, chromiumPath } from '../helpers/browser';

export type LhResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export interface AuditedPage {
  /** '/login', '/dashboard', '/customers' or a public viewer page '/viewer/{key}'. */
  path: string;
  formFactor: 'desktop' | 'mobile';
  /** The account signed in before the audit; none for a public page. */
  as?: string;
}

/** Who each page is audited as (the e2e test and the bench); none for the sign-in page. */
export const AUDITED_AS: Record<string, string | undefined> = {
  '/login': undefined,
  '/dashboard': 'directeur@grand-mobilier.fr',
  '/customers': 'vendeur@demo.fr',
};

export interface Budget {
  /** Only the benchmark reads it (bench/lighthouse.ts): a score made of timings never gates a test. */
  performance?: number;
  accessibility: number;
  bestPractices: number;
  cls: number;
}

export const PASSWORD = 'Demo!2026pass';

export async function tokenFor(baseUrl: string, mail: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/Auth/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`connexion de ${mail} refusée (${res.status})`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * One Lighthouse run of a page in a fresh Chromium profile. `cpuSlowdown` multiplies the CPU time of the
 * simulated desktop load (Lighthouse's `cpuSlowdownMultiplier`; 1, its desktop setting, unless given): a
 * slower host's scores reproduced on a faster one (bench/slowLighthouse.ts). `gatesOnly`: what the e2e test
 * gates alone (auditGates).
 */
export async function auditOnce(
  baseUrl: string,
  page: AuditedPage,
  token?: string,
  cpuSlowdown?: number,
  gatesOnly = false,
): Promise<LhResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    if (token) {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = cdp.contexts()[0];
      const tab = context.pages()[0] ?? (await context.newPage());
      await tab.goto(`${baseUrl}/logo.svg`);
      await tab.evaluate((t) => localStorage.setItem('token', t), token);
      await tab.goto('about:blank');
      await cdp.close();
    }
    const result = await lighthouse(
      `${baseUrl}${page.path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        // What the test gates needs no performance category: its simulated metrics and its diagnostics
        // (unused JavaScript, main-thread work...) cost most of a run. The CLS audit is the trace's alone.
        ...(gatesOnly
          ? {
              onlyCategories: ['accessibility', 'best-practices'],
              onlyAudits: ['cumulative-layout-shift'],
              disableFullPageScreenshot: true,
            }
          : { onlyCategories: ['performance', 'accessibility', 'best-practices'] }),
        // The session above must survive; the profile is fresh anyway.
        disableStorageReset: true,
      },
      slowedDown(page.formFactor === 'desktop' ? desktopConfig : undefined, cpuSlowdown),
    );
    if (!result) throw new Error(`Lighthouse n'a rien rendu pour ${page.path}`);
    if (result.lhr.runtimeError)
      throw new Error(`${page.path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

type LhConfig = typeof desktopConfig;

/** The desktop config with its CPU slowdown replaced (the mobile one is Lighthouse's default: not handled). */
function slowedDown(config: LhConfig | undefined, cpuSlowdown: number | undefined): LhConfig | undefined {
  if (cpuSlowdown === undefined) return config;
  if (!config) throw new Error('cpuSlowdown: desktop audits only');
  return {
    ...config,
    settings: {
      ...config.settings,
      throttling: { ...config.settings?.throttling, cpuSlowdownMultiplier: cpuSlowdown },
    },
  };
}

/**
 * One run, tried again (twice at most) when Lighthouse itself fails to record it: its trace can miss the
 * navigation start on a loaded machine (NO_NAVSTART, "please run Lighthouse again") and a failed run can
 * leave its timing marks behind. A page that loads but misses its budget is never retried.
 */
async function auditRetried(baseUrl: string, page: AuditedPage, token?: string, gatesOnly = false): Promise<LhResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(baseUrl, page, token, undefined, gatesOnly);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(
        `${page.path} ${page.formFactor}: Lighthouse run ${attempt} not recorded, run again (${String(error)})`,
      );
    }
  }
}

/** Runs a page `runs` times and returns the median run (closest to the median FCP and TTI) and all runs. */
export async function auditMedian(
  baseUrl: string,
  page: AuditedPage,
  runs = 3,
): Promise<{ median: LhResult; all: LhResult[] }> {
  const token = page.as ? await tokenFor(baseUrl, page.as) : undefined;
  const all: LhResult[] = [];
  for (let i = 0; i < runs; i++) all.push(await auditRetried(baseUrl, page, token));
  return { median: medianRun(all), all };
}

/**
 * One run of what the e2e test gates (tests/e2e/lighthouse.test.ts): accessibility, best practices and the
 * CLS, without the performance category, which only the benchmark reads.
 */
export async function auditGates(baseUrl: string, page: AuditedPage): Promise<LhResult> {
  return auditRetried(baseUrl, page, page.as ? await tokenFor(baseUrl, page.as) : undefined, true);
}

/** Lighthouse's own choice of the median run (closest to the median FCP and TTI), as LHCI makes it. */
export const medianRun = (all: LhResult[]): LhResult =>
  computeMedianRun(all as Parameters<typeof computeMedianRun>[0]) as LhResult;

export const score = (lhr: LhResult, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
export const clsOf = (lhr: LhResult) => lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;

/** The audits of a category that lost points, worst first, as "id (value)" lines. */
export function brokenAudits(lhr: LhResult, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 || category !== 'performance')
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < (category === 'performance' ? 0.9 : 1))
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .map((a) => `${a.id} (${a.displayValue ?? `score ${a.score}`})`);
}

/** What broke a budget, one line per failure naming the audits responsible; empty when within budget. */
export function budgetFailures(lhr: LhResult, budget: Budget): string[] {
  const out: string[] = [];
  const check = (category: string, min: number) => {
    const s = score(lhr, category);
    if (s < min) out.push(`${category} ${s} < ${min}: ${brokenAudits(lhr, category).join(', ')}`);
  };
  if (budget.performance !== undefined) check('performance', budget.performance);
  check('accessibility', budget.accessibility);
  check('best-practices', budget.bestPractices);
  const cls = clsOf(lhr);
  if (!(cls <= budget.cls)) out.push(`CLS ${cls.toFixed(3)} > ${budget.cls}: ${layoutShiftCulprits(lhr).join(', ')}`);
  return out;
}

function layoutShiftCulprits(lhr: LhResult): string[] {
  const items =
    (
      lhr.audits['layout-shifts']?.details as
        { items?: Array<{ node?: { selector?: string }; score?: number }> } | undefined
    )?.items ?? [];
  return items.map((i) => `${i.node?.selector ?? '?'} (${(i.score ?? 0).toFixed(3)})`);
}
