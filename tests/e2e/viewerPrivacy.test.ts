// The visitor's choice on the public viewer (docs/privacy.md), in Chromium: with Global Privacy Control or
// Do Not Track the page asks for no visit token and posts nothing; "Ne pas mesurer mes visites" (pressed
// with the keyboard) stops every send, is remembered on the next page view, and "Mesurer à nouveau"
// restores the measure, whose events are then stored. The viewer with its new control is axe clean in both
// states. And a generated demo model (server/db/demoModels) is drawn: a sofa of Grand Mobilier.
// The choice is tried on the product whose STEP file the viewer cannot show: its events (a quote request)
// go through the same collector, and no WebGL frame (SwiftShader, slow on a busy machine) is drawn.
import { snapshot } from 'lighthouse';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CHROMIUM_FLAGS, chromiumPath, launchWebGlBrowser } from '../helpers/browser';
import { baseUrl, DEMO_PASSWORD, newPage } from '../helpers/e2e';

// A visitor's browser: headless Chromium's own agent is a robot, whose events are dropped (docs/viewer.md).
const VISITOR_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

let browser: Browser;
let product: { idGroupeModel: number; publicKey: string };
let sofa: { publicKey: string };
let token: string;

async function login(mail: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/Auth/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function groupes(bearer: string) {
  const res = await fetch(`${baseUrl()}/api/GroupeModel`, { headers: { authorization: `Bearer ${bearer}` } });
  return (
    (await res.json()) as { $values: Array<{ nomGroupeModel: string; idGroupeModel: number; publicKey: string }> }
  ).$values;
}

/** The stored events of the product, by session. */
async function sessionsOf(): Promise<Map<string, number>> {
  const res = await fetch(`${baseUrl()}/api/ProductStatistics/Product/${product.idGroupeModel}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const list = ((await res.json()) as { $values: Array<{ userSessionId: string }> }).$values;
  const out = new Map<string, number>();
  for (const e of list) out.set(e.userSessionId, (out.get(e.userSessionId) ?? 0) + 1);
  return out;
}

beforeAll(async () => {
  // WebGL needs SwiftShader (the shared flags disable the GPU); the browser's own agent is a visitor's.
  browser = await launchWebGlBrowser([`--user-agent=${VISITOR_AGENT}`, '--accept-lang=fr-FR,fr']);
  token = await login('directeur@demo.fr');
  product = (await groupes(token)).find((g) => g.nomGroupeModel === 'Lampadaire Arc')!;
  sofa = (await groupes(await login('directeur@grand-mobilier.fr'))).find((g) => g.nomGroupeModel === 'Canapé Oslo')!;
  expect(product?.publicKey && sofa?.publicKey).toBeTruthy();
});
afterAll(() => browser?.close());

/** Every request the context makes to the viewer's API: posts to /api/collect, and the visit tokens asked for. */
function watch(context: BrowserContext) {
  const seen = { posts: 0, visits: [] as string[] };
  context.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/collect' && r.method() === 'POST') seen.posts++;
    if (url.pathname === `/api/viewer/${product.publicKey}/visit`) seen.visits.push(url.search);
  });
  return seen;
}

/** Opens the product's viewer, shown once its data is read (the format's message in the stage). */
async function openViewer(page: Page) {
  expect((await page.goto(`/viewer/${product.publicKey}`))?.status()).toBe(200);
  await page.locator('.message').waitFor({ timeout: 60_000 });
}

/** What a visitor does: "Demander un devis", twice (its page answered here). */
async function interact(context: BrowserContext, page: Page) {
  for (let i = 0; i < 2; i++) {
    const popup = context.waitForEvent('page');
    await page.getByRole('link', { name: 'Demander un devis' }).click();
    await (await popup).close();
  }
}

async function visitorContext(init?: () => void) {
  const opened = await newPage(browser, { viewport: { width: 420, height: 760 }, locale: 'fr-FR' });
  await opened.context.route('https://www.maison-lumiere.fr/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Devis</p>' }),
  );
  if (init) await opened.context.addInitScript(init);
  // The page's timers held: a batch leaves only when the test leaves the page, as it would without the
  // collector's send timer (src/viewer/collector.ts SEND_AFTER_MS), so what is queued before a choice is
  // known exactly.
  await opened.context.clock.install();
  await opened.context.clock.pauseAt(new Date(Date.now() + 10_000));
  return opened;
}

/**
 * Leaves the page as a visitor does: the collector's pagehide (its flush) first, dispatched while the page
 * is alive so that its beacon is seen by the context, then the navigation away.
 */
async function leave(page: Page) {
  await page.evaluate(() => dispatchEvent(new Event('pagehide')));
  await page.goto('about:blank');
}

describe("the visitor's choice on the viewer", () => {
  it('with Global Privacy Control or Do Not Track: no visit token asked for, nothing posted', async () => {
    const signals: Array<[string, (() => void) | undefined]> = [
      ['GPC', () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })],
      ['DNT', () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })],
      // The control: the same visit without a signal is posted, so the zeros above are not blindness.
      ['none', undefined],
    ];
    for (const [name, init] of signals) {
      const { context, page, errors } = await visitorContext(init);
      const seen = watch(context);
      await openViewer(page);
      await interact(context, page);
      await leave(page);
      if (init) {
        expect(seen.visits, name).toEqual([]);
        expect(seen.posts, name).toBe(0);
      } else {
        expect(seen.visits[0]).toMatch(/^\?session=[0-9a-f]{32}$/);
        await expect.poll(() => seen.posts, { timeout: 30_000 }).toBe(1);
      }
      expect(errors, name).toEqual([]);
      await context.close();
    }
    // What the page says under a signal: no choice to offer, the browser's setting named.
    const { context, page } = await visitorContext(signals[0][1]);
    await openViewer(page);
    await expect
      .poll(() => page.locator('#mesure-etat').textContent())
      .toBe('Visites non mesurées (réglage de votre navigateur).');
    expect(await page.locator('#mesure').isHidden()).toBe(true);
    await context.close();
  }, 180_000);

  it('"Ne pas mesurer mes visites" stops every send and is remembered; "Mesurer à nouveau" restores it', async () => {
    const { context, page, errors } = await visitorContext();
    const seen = watch(context);
    const before = await sessionsOf();

    // A quote request queued, then the visitor objects, with the keyboard: the queued event is dropped.
    await openViewer(page);
    await interact(context, page);
    expect(seen.visits[0]).toMatch(/^\?session=[0-9a-f]{32}$/);
    const choice = page.getByRole('button', { name: 'Ne pas mesurer mes visites' });
    await choice.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#mesure-etat').textContent()).toBe('Vos visites ne sont plus mesurées.');
    await page.getByRole('button', { name: 'Mesurer à nouveau' }).waitFor();
    await interact(context, page);
    await leave(page);

    // The next page view remembers it: no session id sent, nothing posted.
    await openViewer(page);
    expect(seen.visits.length).toBe(1);
    await interact(context, page);
    await page.getByRole('button', { name: 'Mesurer à nouveau' }).click();
    await page.getByRole('button', { name: 'Ne pas mesurer mes visites' }).waitFor();
    await leave(page);
    expect(seen.posts).toBe(0);

    // Measured again from the next page view: its two quote requests are posted and stored.
    await openViewer(page);
    expect(seen.visits[1]).toMatch(/^\?session=[0-9a-f]{32}$/);
    await interact(context, page);
    await leave(page);
    await expect.poll(() => seen.posts, { timeout: 30_000 }).toBe(1);
    const added = async () => [...(await sessionsOf())].filter(([s]) => !before.has(s));
    await expect.poll(async () => (await added()).map(([, n]) => n), { timeout: 30_000 }).toEqual([2]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('is axe clean with the choice measured and refused', async () => {
    const lhBrowser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
    try {
      const page = await lhBrowser.newPage();
      await page.setViewport({ width: 420, height: 760 });
      const found: string[] = [];
      for (const state of ['mesurées', 'refusées']) {
        await page.goto(`${baseUrl()}/viewer/${product.publicKey}`, { waitUntil: 'load' });
        await page.waitForSelector('#nom:not(:empty)');
        if (state === 'refusées') {
          await page.click('#mesure');
          await page.waitForSelector('#mesure-etat:not(:empty)');
        }
        const lhr = (await snapshot(page, {
          config: {
            extends: 'lighthouse:default',
            settings: { onlyCategories: ['accessibility'], formFactor: 'mobile', screenEmulation: { disabled: true } },
          },
        }))!.lhr;
        for (const ref of lhr.categories.accessibility.auditRefs) {
          const audit = lhr.audits[ref.id];
          const impact = (audit.details as { debugData?: { impact?: string } } | undefined)?.debugData?.impact;
          if (audit.score === 0 && ['serious', 'critical'].includes(impact ?? '')) found.push(`${state}: ${audit.id}`);
        }
      }
      expect(found).toEqual([]);
    } finally {
      await lhBrowser.close();
    }
  }, 180_000);
});

describe('the demo models', () => {
  it("draws a Grand Mobilier sofa generated at seed time, at a sofa's size", async () => {
    const { context, page, errors } = await newPage(browser, { viewport: { width: 420, height: 500 } });
    expect((await page.goto(`/viewer/${sofa.publicKey}`))?.status()).toBe(200);
    // model-viewer's `loaded`: the GLB was fetched, parsed and is shown. Read with page.evaluate: a locator
    // waits for the renderer, which SwiftShader keeps busy on a loaded machine.
    await page.waitForFunction(
      () => document.querySelector<HTMLElement & { loaded?: boolean }>('model-viewer')?.loaded === true,
      null,
      { timeout: 90_000, polling: 500 },
    );
    const size = await page.evaluate(() =>
      document
        .querySelector<HTMLElement & { getDimensions(): { x: number; y: number; z: number } }>('model-viewer')!
        .getDimensions(),
    );
    // Metres: wider than a seat, about a sofa's depth and height.
    expect(size.x).toBeGreaterThan(1.4);
    expect(size.z).toBeGreaterThan(0.7);
    expect(size.y).toBeGreaterThan(0.6);
    expect(size.y).toBeLessThan(1.2);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
