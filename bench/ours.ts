// Drives the built app (the real dashboard, its worker and IndexedDB cache) in headless Chromium:
// cold (empty IndexedDB), warm (after a reload), then 20 selection switches; per phase the time to the
// figures drawn, main-thread long tasks, bytes received, peak JS heaps, and the IndexedDB size.
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { PipeBrowser } from './cdpPipe';
import { HeapSampler } from './heap';
import { ByteCounter } from './network';
import { clickAndWaitDrawn, indexedDbBytes, installLongTaskProbe, longTasksBetween, waitSettled } from './probe';
import { type LongTasks, summariseLongTasks } from './stats';

export const PASSWORD = 'Demo!2026pass';
export const ADMIN = 'admin@demo.fr';

/** A bearer token of the demo Admin, signed in through the API. */
export async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/Auth/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail: ADMIN, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`connexion : ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** The selection every phase starts from: unique users, all products, all the data (the heaviest view). */
export const START_QUERY = 'metrique=consultation&comptage=unique_users&periode=all_time&annee=2026&mois=10&semaine=2';

/** 20 changes of metric, period or scope; the list of 10 comes back to the start selection. */
export const SWITCHES: Array<[string, string]> = [
  ['dashboard-metric', 'Engagement utilisateur'],
  ['dashboard-period', 'Année'],
  ['dashboard-metric', 'Utilisation AR'],
  ['dashboard-period', 'Mois'],
  ['dashboard-scope', 'Produit 0001'],
  ['dashboard-metric', 'Taux de conversion'],
  ['dashboard-scope', 'Tous les produits'],
  ['dashboard-period', 'Semaine'],
  ['dashboard-metric', 'Taux de consultation'],
  ['dashboard-period', 'Toutes les données'],
];

export interface Phase {
  ms: number;
  /** Warm only: until every product was revalidated (304) and the final figures drawn. */
  settledMs?: number;
  longTasks: LongTasks;
  bytes: number;
  requests: number;
  heap: { page: number; worker: number };
}

export interface RunResult {
  cold: Phase;
  warm: Phase;
  switches: number[];
  switchPhase: Phase;
  indexedDb: number;
}

/** A fresh context as every bench page has it: desktop size, no service worker, empty storage. */
export async function benchContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1400, height: 900 },
    serviceWorkers: 'block',
  });
  // tsx keeps function names with a __name() helper that the serialised probes call in the page.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  return context;
}

/** Signs the demo Admin in through the form; ends on the dashboard. */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.fill('#email', ADMIN);
  await page.fill('#password', PASSWORD);
  await page.click('button[type=submit]');
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

export async function openDropdown(page: Page, inputId: string, text: string): Promise<void> {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  await page.locator('.p-dropdown-panel li[role="option"]', { hasText: text }).first().waitFor();
}

/** The dashboard without a company chosen (the admin must choose one). */
export async function openDashboard(page: Page): Promise<void> {
  await page.goto(`/dashboard?${START_QUERY}`);
  await page.getByText("Sélectionnez d'abord une entreprise").waitFor();
}

export async function runOurs(
  browser: Browser,
  baseUrl: string,
  company: string,
  productCount: number,
): Promise<RunResult> {
  const context = await benchContext(browser, baseUrl);
  await context.addInitScript(installLongTaskProbe);
  const page = await context.newPage();
  const bytes = new ByteCounter(page);
  const heap = await HeapSampler.open(browser, page);
  try {
    await signIn(page);

    const phase = async (
      action: () => Promise<{ t0: number; end: number }>,
      extra: Partial<Phase> = {},
    ): Promise<Phase> => {
      await bytes.reset();
      heap.start();
      const { t0, end } = await action();
      const h = await heap.end();
      const net = await bytes.total();
      const lt = await page.evaluate(longTasksBetween, [t0, end] as [number, number]);
      return {
        ms: end - t0,
        longTasks: summariseLongTasks(lt),
        bytes: net.bytes,
        requests: net.requests,
        heap: h,
        ...extra,
      };
    };

    // Cold: empty IndexedDB, a fresh page; timed from the click on the company.
    await openDashboard(page);
    await openDropdown(page, 'dashboard-company', company);
    const cold = await phase(async () => {
      const r = await page.evaluate(clickAndWaitDrawn, company);
      return { t0: r.t0, end: r.drawn };
    });
    const indexedDb = await page.evaluate(indexedDbBytes);

    // Warm: a reload (new worker, IndexedDB kept), the company chosen again; drawn from the cache, then
    // revalidated by the company's versions call (one request; one conditional call per product against a
    // server without it).
    heap.forgetWorker();
    await openDashboard(page);
    await openDropdown(page, 'dashboard-company', company);
    let settledMs = 0;
    const warm = await phase(async () => {
      const r = await page.evaluate(clickAndWaitDrawn, company);
      await bytes.waitRevalidated(productCount);
      const settled = await page.evaluate(waitSettled);
      settledMs = settled - r.t0;
      return { t0: r.t0, end: r.drawn };
    });
    warm.settledMs = settledMs;

    // Switches: each timed from the click on the option to the new figures drawn.
    const switches: number[] = [];
    let first = 0;
    let last = 0;
    const switchPhase = await phase(async () => {
      for (let i = 0; i < 20; i++) {
        const [id, text] = SWITCHES[i % SWITCHES.length];
        await openDropdown(page, id, text);
        const r = await page.evaluate(clickAndWaitDrawn, text);
        if (i === 0) first = r.t0;
        switches.push(r.drawn - r.t0);
        last = await page.evaluate(waitSettled);
      }
      return { t0: first, end: last };
    });
    return { cold, warm, switches, switchPhase, indexedDb };
  } finally {
    await heap.close();
    await context.close();
  }
}

/**
 * The cold phase again with nothing of the bench's instrumentation: a fresh Chromium driven over its
 * DevTools pipe with no domain enabled (bench/cdpPipe.ts), the token put where the sign-in form puts it,
 * the company clicked, timed by the same in-page probe. Playwright's network events for each request cost
 * a 10 000-product load 15 to 25 % of its time (bench/notes.md, twenty-second pass).
 */
export async function bareColdLoad(baseUrl: string, company: string, token: string): Promise<number> {
  const browser = await PipeBrowser.launch();
  try {
    await browser.goto(`${baseUrl}/login`, 'document.body');
    await browser.evaluate(`localStorage.setItem('token', ${JSON.stringify(token)})`);
    await browser.goto(
      `${baseUrl}/dashboard?${START_QUERY}`,
      `document.body.innerText.includes("Sélectionnez d'abord une entreprise")`,
    );
    await browser.evaluate(`document.querySelector('#dashboard-company').closest('.p-dropdown').click()`);
    await browser.evaluate(`new Promise((resolve) => {
      const open = () => [...document.querySelectorAll('.p-dropdown-panel li[role="option"]')]
        .some((li) => li.textContent.trim() === ${JSON.stringify(company)});
      const tick = () => (open() ? resolve(true) : setTimeout(tick, 20));
      tick();
    })`);
    const r = await browser.evaluate<{ t0: number; drawn: number }>(
      `(${clickAndWaitDrawn.toString()})(${JSON.stringify(company)})`,
    );
    return r.drawn - r.t0;
  } finally {
    await browser.close();
  }
}
