// The visit's signals measured by the real viewer page in Chromium (docs/viewer.md, "Visit signals"):
// the model shown by <model-viewer> (WebGL through SwiftShader), its camera turned to the back, a drag, a
// WebXR session and a Scene Viewer launch that fails (headless Chromium has no AR: the session's
// ar-status events are dispatched on the element, and Scene Viewer is launched through model-viewer's own
// activateAR() with its mode set, its failure being the #model-viewer-no-ar-fallback hash it documents),
// the page opened from a referrer carrying a path and utm parameters, then left. What the beacons carried
// is read as the server received it, each answered 202; the row they store is checked by
// tests/api/collectSignals.test.ts. The events of the visit are counted as before.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { VisitSignals } from '#domain/visitMeasure';
import { attentionBucket } from '#domain/visitMeasure';

import { launchWebGlBrowser } from '../helpers/browser';
import { modelShown, viewerProduct, VISITOR_AGENT, visitorPage } from '../helpers/viewerPage';

const REFERRER =
  'https://www.maison-lumiere.fr/salon/appliques?ref=42&utm_source=newsletter&utm_medium=email&utm_campaign=noel-2026';

let browser: Browser;
let product: { idGroupeModel: number; publicKey: string };

interface Batch {
  sessionId: string;
  events: Array<{ type: string }>;
  signals?: VisitSignals;
}

/**
 * Records the body of each beacon the page sends (the browser's DevTools protocol does not show a beacon's
 * Blob body): sendBeacon is wrapped, the beacon itself still goes to the server.
 */
const RECORD_BEACONS = () => {
  const sent: Array<Promise<string>> = [];
  (window as unknown as { sentBatches: Array<Promise<string>> }).sentBatches = sent;
  const send = navigator.sendBeacon.bind(navigator);
  navigator.sendBeacon = (url, data) => {
    if (String(url).endsWith('/api/collect') && data instanceof Blob) sent.push(data.text());
    return send(url, data);
  };
};

/**
 * The page hidden (or shown again) as when the visitor switches apps: headless Chromium keeps its pages
 * visible, so the state is set and the event fired as the browser would.
 */
const setVisibility = (state: string) => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeAll(async () => {
  browser = await launchWebGlBrowser([`--user-agent=${VISITOR_AGENT}`]);
  ({ product } = await viewerProduct());
});
afterAll(() => browser?.close());

/** The viewer page with its beacons recorded and the answers of POST /api/collect. */
async function openViewer(options: { referer?: string } = {}) {
  const { context, page, errors } = await visitorPage(browser);
  await context.addInitScript(RECORD_BEACONS);
  const statuses: number[] = [];
  context.on('response', (r) => {
    if (r.url().endsWith('/api/collect')) statuses.push(r.status());
  });
  expect((await page.goto(`/viewer/${product.publicKey}`, options))?.status()).toBe(200);
  await modelShown(page);
  const batches = async () =>
    (
      await page.evaluate(() => Promise.all((window as unknown as { sentBatches: Array<Promise<string>> }).sentBatches))
    ).map((b) => JSON.parse(b) as Batch);
  return { context, page, errors, statuses, batches };
}

describe('the viewer’s visit signals', () => {
  it('measures visible and active time, attention per angle, the AR outcome per platform and the source, and sends their totals when the page is left', async () => {
    const { context, page, errors, statuses, batches } = await openViewer({ referer: REFERRER });
    const model = page.locator('model-viewer');
    const opening = await model.evaluate((el) => {
      const o = (
        el as HTMLElement & { getCameraOrbit(): { theta: number; phi: number; radius: number } }
      ).getCameraOrbit();
      return { theta: o.theta, phi: o.phi, radius: o.radius };
    });
    // Seen from the front (model-viewer's default orbit), then from the back, each for over a second.
    await page.waitForTimeout(1_500);
    await model.evaluate((el) => {
      const mv = el as HTMLElement & { cameraOrbit: string; jumpCameraToGoal(): void };
      mv.cameraOrbit = '180deg 75deg auto';
      mv.jumpCameraToGoal();
    });
    await page.waitForTimeout(1_500);
    const back = await model.evaluate((el) => {
      const o = (
        el as HTMLElement & { getCameraOrbit(): { theta: number; phi: number; radius: number } }
      ).getCameraOrbit();
      return { theta: o.theta, phi: o.phi, radius: o.radius };
    });

    // A drag: active time and the first interaction.
    await model.scrollIntoViewIfNeeded();
    await model.hover();
    const box = (await model.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) {
      await page.mouse.move(box.x + box.width / 2 + i * 8, box.y + box.height / 2);
      await page.waitForTimeout(30);
    }
    await page.mouse.up();

    // A WebXR session: started, the model placed, the session ended (back on the page).
    for (const status of ['session-started', 'object-placed', 'not-presenting'])
      await model.evaluate(
        (el, s) => el.dispatchEvent(new CustomEvent('ar-status', { detail: { status: s } })),
        status,
      );

    // Scene Viewer through model-viewer's own launch (its mode set as on an Android phone without WebXR):
    // once failing (the intent's fallback brings the page back with the hash model-viewer documents), once
    // opening the app (the page hidden) and the visitor coming back.
    // The intent is what the phone hands to the Scene Viewer app; here it is counted instead of followed
    // (headless Chromium would open an error page in its place).
    await page.evaluate(() => {
      const proto = HTMLAnchorElement.prototype;
      const follow = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'click')!.value as (
        this: HTMLElement,
      ) => void;
      proto.click = function (this: HTMLAnchorElement) {
        if (!this.href.startsWith('intent://arvr.google.com/scene-viewer/')) return follow.call(this);
        const w = window as unknown as { intents?: number };
        w.intents = (w.intents ?? 0) + 1;
      };
    });
    const launchSceneViewer = () =>
      model.evaluate(async (el) => {
        const mode = Object.getOwnPropertySymbols(el).find((s) => s.description === 'arMode')!;
        (el as unknown as Record<symbol, string>)[mode] = 'scene-viewer';
        await (el as HTMLElement & { activateAR(): Promise<void> }).activateAR();
      });
    // The failing launch first: each launch leaves model-viewer a one-time hashchange listener that goes
    // back in history, so a fallback after a successful launch would go back twice (off the page).
    await launchSceneViewer();
    await page.evaluate(() => (location.hash = '#model-viewer-no-ar-fallback'));
    await page.waitForFunction(() => location.hash === '');
    await launchSceneViewer();
    await page.evaluate(setVisibility, 'hidden');
    await page.evaluate(setVisibility, 'visible');
    expect(await page.evaluate(() => (window as unknown as { intents?: number }).intents)).toBe(2);

    // The visitor leaves (the page hidden): the totals go in one beacon even with no event queued.
    const before = (await batches()).length;
    await page.evaluate(setVisibility, 'hidden');
    await expect.poll(async () => (await batches()).length, { timeout: 10_000 }).toBeGreaterThan(before);
    const sent = await batches();
    expect(sent.at(-1)!.events).toEqual([]);
    expect(errors).toEqual([]);
    // Every batch, with or without events, answered 202 by the server.
    await expect.poll(() => statuses.length, { timeout: 10_000 }).toBe(sent.length);
    expect(statuses).toEqual(sent.map(() => 202));
    expect(new Set(sent.map((b) => b.sessionId)).size).toBe(1);

    const last = sent.at(-1)!.signals!;
    // The source: the host and the utm parameters, nothing of the path nor of the other parameter.
    expect(last.source).toEqual({
      host: 'www.maison-lumiere.fr',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'noel-2026',
    });
    const raw = JSON.stringify(sent);
    expect(raw).not.toContain('salon');
    expect(raw).not.toContain('appliques');
    expect(raw).not.toContain('ref=42');
    expect(raw).not.toContain('Mozilla');

    // Time: over the three seconds watched; active the drag's span and its second after, at most.
    expect(last.visibleMs).toBeGreaterThan(3_000);
    expect(last.activeMs).toBeGreaterThan(300);
    expect(last.activeMs).toBeLessThan(last.visibleMs);
    expect(last.firstInteractionMs).toBeGreaterThan(3_000);
    expect(last.firstInteractionMs).toBeLessThan(last.visibleMs + 5_000);

    // Attention: the front and the back each over a second; the sum is the visible time (whole ms).
    const dwell = new Map(last.attention);
    const front = attentionBucket(opening.theta, opening.phi, opening.radius, opening.radius);
    const rear = attentionBucket(back.theta, back.phi, back.radius, opening.radius);
    expect(rear).not.toBe(front);
    expect(dwell.get(front)).toBeGreaterThan(1_000);
    expect(dwell.get(rear)).toBeGreaterThan(1_000);
    const total = last.attention.reduce((n, [, ms]) => n + ms, 0);
    expect(total).toBeLessThanOrEqual(last.visibleMs);
    expect(total).toBeGreaterThan(last.visibleMs - last.attention.length - 300);

    // AR: WebXR launched, placed, returned; Scene Viewer launched and failed, then launched and returned.
    expect(last.ar).toEqual({ platform: 'scene-viewer', launches: 3, placed: 1, failed: 1, returned: 2 });

    // The events are those of before: one consultation, one interaction, one AR try (the WebXR session).
    const types = sent.flatMap((b) => b.events.map((e) => e.type)).sort();
    expect(types).toEqual(['arTry', 'consultation', 'iframeInteraction']);
    await context.close();
  }, 180_000);

  it('sends no signals for a visitor who chose not to be measured, and no source for a page opened directly', async () => {
    const direct = await openViewer();
    await direct.page.waitForTimeout(1_000);
    // The totals sent as the page is hidden (a batch sent at load carries signals too: not that one).
    const shown = (await direct.batches()).length;
    await direct.page.evaluate(setVisibility, 'hidden');
    const sentHidden = async () => (await direct.batches()).slice(shown).filter((b) => b.signals);
    await expect.poll(async () => (await sentHidden()).length).toBeGreaterThan(0);
    const signals = (await sentHidden()).at(-1)!.signals!;
    expect(signals.source).toBeUndefined();
    expect(signals.ar).toBeUndefined();
    expect(signals.visibleMs).toBeGreaterThan(100);
    // Hidden, the page's time stops: shown again and hidden at once, nothing new to send.
    const count = (await direct.batches()).length;
    await direct.page.evaluate(setVisibility, 'visible');
    await direct.page.evaluate(setVisibility, 'hidden');
    await direct.page.waitForTimeout(500);
    const again = await direct.batches();
    expect(again.slice(count).every((b) => (b.signals?.visibleMs ?? 0) - signals.visibleMs < 100)).toBe(true);
    await direct.context.close();

    const refused = await openViewer({ referer: REFERRER });
    await refused.page.getByRole('button', { name: 'Ne pas mesurer mes visites' }).click();
    const before = (await refused.batches()).length;
    await refused.page.waitForTimeout(2_500);
    await refused.page.evaluate(setVisibility, 'hidden');
    await refused.page.waitForTimeout(500);
    expect((await refused.batches()).slice(before)).toEqual([]);
    await refused.context.close();
  }, 120_000);
});
