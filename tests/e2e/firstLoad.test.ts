// What the first load leaves for later (docs/performance.md): the dashboard's first load has neither zod,
// nor the ranking's table, nor the custom range's calendar; each comes when the reader needs it. Nor has the
// customers list's: zod comes with the customer form. And zod's
// jitless setting, written without loading zod (src/app/zodConfig.ts), keeps every page free of CSP reports.
// The API answers a signed-in load needs are asked for before the page's code (src/api/earlyRequests.ts), and
// the locale data is loaded by a worker meanwhile (src/app/localeData.ts).
import { gzipSync } from 'node:zlib';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { figureTexts } from '../helpers/dashboard';
import { baseUrl, newPage, openBrowser, signIn } from '../helpers/e2e';
import { tokenOf } from '../helpers/routeTable';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

/** Every script the page and its workers receive, by path, with its text. */
function scriptsOf(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (path.endsWith('.js') && !scripts.has(path))
      scripts.set(
        path,
        res.text().catch(() => ''),
      );
  });
  return scripts;
}

const named = (scripts: Map<string, unknown>, prefix: string) =>
  [...scripts.keys()].filter((p) => p.startsWith(`/assets/${prefix}`));

async function withZod(scripts: Map<string, Promise<string>>): Promise<string[]> {
  const found: string[] = [];
  for (const [path, text] of scripts) if ((await text).includes('$ZodType')) found.push(path);
  return found;
}

/**
 * A later visit, signed in as `mail`: a new page of the context the sign-in left (the sign-in itself reads
 * its answer with zod), with the scripts it receives.
 */
async function laterVisit(mail: string) {
  const { page: signing, context, errors } = await newPage(browser);
  await signIn(signing, mail);
  await signing.close();
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, context, errors, scripts: scriptsOf(page) };
}

describe('first load', () => {
  it('the dashboard loads zod, the ranking table and the calendar only when they are needed', async () => {
    // The dashboard's own first load.
    const { page, context, errors, scripts } = await laterVisit('directeur@demo.fr');
    await page.goto('/dashboard');
    await page.locator('.dashboard-progress').waitFor({ state: 'detached', timeout: 60_000 });
    const ranking = page.locator('section.ranking');
    await ranking.getByRole('heading', { name: 'Classement des produits' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await withZod(scripts)).toEqual([]);
    expect(named(scripts, 'datatable')).toEqual([]);
    expect(named(scripts, 'RankingTable-')).toEqual([]);
    expect(named(scripts, 'PeriodCalendar-')).toEqual([]);
    expect(await ranking.locator('tbody tr').count()).toBe(0);
    // The frame and the small modules the pages share come in one chunk (scripts/frameChunk.ts): before
    // it, this load asked for 27 scripts, 21 of them after the main chunk, behind six connections.
    const loaded = [...scripts.keys()].filter((p) => p.startsWith('/assets/'));
    expect(named(scripts, 'frame-')).toHaveLength(1);
    expect(loaded.length, loaded.join(' ')).toBeLessThanOrEqual(14);

    // The reader scrolls down to the ranking: its table comes.
    await ranking.scrollIntoViewIfNeeded();
    await ranking.locator('tbody tr.ranking-row').first().waitFor();
    expect(named(scripts, 'RankingTable-')).toHaveLength(1);

    // A custom range: the calendar comes, in French.
    await page.locator('.p-dropdown:has(#dashboard-period)').click();
    await page.locator('.p-dropdown-panel li[role="option"]', { hasText: 'Personnalisée' }).click();
    await page.locator('input#dashboard-du:not([disabled])').click();
    await page
      .locator('.p-datepicker')
      .getByText(/janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre/)
      .first()
      .waitFor();
    expect(named(scripts, 'PeriodCalendar-')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the customers list's first load has no zod; the customer form brings it", async () => {
    const { page, context, errors, scripts } = await laterVisit('vendeur@demo.fr');
    await page.goto('/customers');
    await page.locator('table tbody tr a').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await withZod(scripts)).toEqual([]);
    await page.getByRole('button', { name: 'Ajouter un client' }).click();
    await page.locator('form').first().waitFor();
    await expect.poll(async () => (await withZod(scripts)).length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the sign-in page loads none of the signed-in frame', async () => {
    const { page, context, errors } = await newPage(browser);
    const scripts = scriptsOf(page);
    await page.goto('/login');
    await page.locator('#email').waitFor();
    await page.waitForLoadState('networkidle');
    expect(named(scripts, 'main-')).toHaveLength(1);
    expect(named(scripts, 'frame-')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a load of /customers asks for the user and the list before the page's code, once each", async () => {
    const { page, context, errors } = await newPage(browser, { serviceWorkers: 'block' });
    await signIn(page, 'vendeur@demo.fr');
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto('/customers');
    await page.locator('table tbody tr a').first().waitFor();
    const first = (prefix: string) => asked.findIndex((p) => p.startsWith(prefix));
    // Before the chunks the router asks for: they would take the browser's six connections first.
    const pageCode = Math.min(first('/assets/frame-'), first('/assets/CustomersPage-'));
    expect(pageCode).toBeGreaterThan(0);
    expect(first('/api/User/current')).toBeGreaterThan(0);
    expect(first('/api/User/current')).toBeLessThan(pageCode);
    expect(first('/api/Customers/forCurrentUser')).toBeLessThan(pageCode);
    expect(asked.filter((p) => p === '/api/Customers/forCurrentUser')).toHaveLength(1);
    expect(asked.filter((p) => p === '/api/User/current')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a signed-in load has the locale data loaded by a worker of its own, without a request, then ended', async () => {
    const { page, context, errors } = await newPage(browser, { serviceWorkers: 'block' });
    await signIn(page, 'vendeur@demo.fr');
    const workers: Array<{ url: string; ended: Promise<void> }> = [];
    page.on('worker', (w) => workers.push({ url: w.url(), ended: new Promise((done) => w.on('close', () => done())) }));
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto('/customers');
    await page.locator('table tbody tr a').first().waitFor();
    // src/app/localeData.ts: inlined (a blob URL), one per load, ended once the data is loaded. (The
    // dashboard the sign-in landed on may have started its analytics worker, from its own file.)
    const inlined = workers.filter((w) => w.url.startsWith('blob:'));
    expect(inlined).toHaveLength(1);
    await inlined[0].ended;
    expect(asked.filter((p) => p.includes('locale'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('no page reports a Content-Security-Policy violation (zod parses without building code)', async () => {
    const { page, context, errors } = await newPage(browser);
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
    });
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`Refused to run: Content Security Policy ${e.violatedDirective} ${e.sourceFile}`),
      ),
    );
    const scripts = scriptsOf(page);
    await signIn(page, 'admin@demo.fr');
    // The sign-in reads its answer with zod; the customer form checks its fields with it.
    await page.goto('/customers/create');
    await page.locator('form').first().waitFor();
    await page.locator('button[type=submit]').first().click(); // an empty form: zod's messages
    await page.locator('[aria-invalid="true"]').first().waitFor();
    expect((await withZod(scripts)).length).toBeGreaterThan(0);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * Byte budgets of a first visit (docs/performance.md, "What CI gates"): the JavaScript and CSS a page and
 * its workers receive until the route is drawn (its content complete, then the network quiet), gzip bytes
 * of each file as served, and the number of static files asked for (everything but the document and the
 * API; the service worker blocked: its background precache is not the page's). Deterministic on the same
 * build, whatever the machine's speed: a budget is the page's figure when it was set plus about 3 %, so a
 * regression fails at once; lower it when a page gets lighter.
 */
const KiB = 1024;
// Measured on the build of this commit: /login 164.1 KiB and 10 static files, /dashboard (the 220-product
// company) 298.0 KiB and 21 (PrimeReact's InputSwitch is a file of its own since "Mes notifications" uses
// it too, src/features/notifications/: same bytes, one more file; 5 KiB more since the analytics worker
// computes the 3D and AR insight and the filtered views, workers/analytics/insights.ts and filtered.ts, and
// the page keeps its filters in the URL, says which are active and asks for the unread alerts; 2.6 KiB more
// since the worker joins the visits to the events once per data version, workers/analytics/visitIndex.ts,
// and keeps the visits answer in IndexedDB, cache.ts), /customers 274.4 KiB and 21, the viewer page 297.5 KiB and 6 (1.6 KiB
// more since it measures the visit's signals, src/viewer/signals.ts; model-viewer is
// 280 KiB of it; the fifth file is three's fflate, split out of model-viewer's chunk since the product
// form's FBX conversion imports it too, src/features/catalogue/fbxToGlb.ts: same bytes, one more file; the
// sixth, 7.7 KiB, is meshoptimizer's decoder script, which model-viewer loads before any model once its
// location is set, after the page's first render: src/viewer/main.ts, docs/viewer.md).
// Bytes: those plus at most 3 % (the dashboard 1 %); files: exactly those (a file asked twice, the logo, counts once).
const BUDGETS: Record<string, { bytes: number; requests: number; as?: string }> = {
  '/login': { bytes: 169 * KiB, requests: 10 },
  '/dashboard': { bytes: 301 * KiB, requests: 21, as: 'directeur@grand-mobilier.fr' },
  '/customers': { bytes: 281.5 * KiB, requests: 21, as: 'vendeur@demo.fr' },
  '/viewer/{key}': { bytes: 305 * KiB, requests: 6 },
};
/** What the route shows once drawn. */
async function drawn(page: Page, route: string): Promise<void> {
  if (route === '/login') await page.locator('#email').waitFor();
  else if (route === '/dashboard') {
    await figureTexts(page);
    await page.locator('.dashboard-progress').waitFor({ state: 'detached', timeout: 120_000 });
  } else if (route === '/customers') await page.locator('table tbody tr a').first().waitFor();
  else await page.locator('h1').filter({ hasText: /\S/ }).waitFor();
}

async function viewerKey(): Promise<string> {
  const token = await tokenOf(baseUrl(), 'directeur@demo.fr');
  const res = await fetch(`${baseUrl()}/api/GroupeModel`, { headers: { authorization: `Bearer ${token}` } });
  const groupes = ((await res.json()) as { $values: Array<{ nomGroupeModel: string; publicKey: string }> }).$values;
  return groupes.find((g) => g.nomGroupeModel === 'Applique Laiton')!.publicKey;
}

async function firstVisit(route: string, as?: string) {
  const token = as ? await tokenOf(baseUrl(), as) : null;
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1400, height: 900 },
    serviceWorkers: 'block',
  });
  // The session on the origin before the app's first script runs.
  if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  const origin = new URL(baseUrl()).origin;
  const files = new Map<string, Promise<number>>();
  const asked: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.origin === origin && req.resourceType() !== 'document' && !url.pathname.startsWith('/api/'))
      asked.push(url.pathname);
  });
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.origin === origin && /\.(js|css)$/.test(url.pathname) && !files.has(url.pathname))
      files.set(
        url.pathname,
        res.body().then((b) => gzipSync(b).length),
      );
  });
  const path = route === '/viewer/{key}' ? `/viewer/${await viewerKey()}` : route;
  await page.goto(path);
  await drawn(page, route);
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(files.values());
  await context.close();
  return { bytes: sizes.reduce((a, b) => a + b, 0), requests: new Set(asked).size, files: [...files.keys()], asked };
}

describe('byte budgets of a first visit', () => {
  it.each(Object.keys(BUDGETS))('%s stays within its gzip JavaScript and CSS and its request count', async (route) => {
    const budget = BUDGETS[route];
    const measured = await firstVisit(route, budget.as);
    console.log(
      `${route}: ${(measured.bytes / 1024).toFixed(1)} KiB gzip JS+CSS in ${measured.files.length} files, ${measured.requests} static files`,
    );
    expect(measured.bytes, measured.files.join(' ')).toBeLessThanOrEqual(budget.bytes);
    expect(measured.requests, measured.asked.join(' ')).toBeLessThanOrEqual(budget.requests);
  });
});
