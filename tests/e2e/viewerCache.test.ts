// A second view of the same product downloads no model bytes (docs/viewer.md, "Caching"): a product is
// uploaded with a textured GLB (made lighter at upload) and a photo (the poster, a WebP made from it at
// upload); a first view draws the model; a second view in the same browser draws it again while the
// network carries a few KB only (the page and data revalidated, 304; the visit token), the model and the
// poster coming from the browser's cache. Bytes are counted by Chromium itself (CDP encodedDataLength).
// The light model is meshopt-compressed (EXT_meshopt_compression required): it is drawn at its size with
// no console error (a CSP refusal or a decoder failure is one), with the decoder script this server
// serves (src/viewer/main.ts, scripts/meshoptDecoder.ts).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchWebGlBrowser } from '../helpers/browser';
import { baseUrl, DEMO_PASSWORD, newPage } from '../helpers/e2e';
import { texturedGlb, texturePng } from '../helpers/texturedModel';

const VISITOR_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
/** What a second view may download in all: headers of a few 304s and the visit token. */
const SECOND_VIEW_BUDGET = 8 * 1024;

let browser: Browser;
let publicKey: string;

/** The extensions a GLB's JSON chunk says it requires. */
function requiredExtensions(glb: Uint8Array): string[] {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + view.getUint32(12, true)))) as {
    extensionsRequired?: string[];
  };
  return json.extensionsRequired ?? [];
}

async function api<T>(url: string, init: RequestInit = {}, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  browser = await launchWebGlBrowser([`--user-agent=${VISITOR_AGENT}`]);
  const { token } = await api<{ token: string }>('/api/Auth/backoffice/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail: 'directeur@demo.fr', password: DEMO_PASSWORD }),
  });
  const [category] = (await api<{ $values: Array<{ id: number }> }>('/api/Categorie', {}, token)).$values;
  const form = new FormData();
  form.set('NomGroupeModel', 'Lampe texturée');
  form.set('IdCategorie', String(category.id));
  form.set('CheminImageGroupe', new Blob([new Uint8Array(await texturePng(256))], { type: 'image/png' }), 'photo.png');
  form.set('Chemin_3d', new Blob([new Uint8Array(await texturedGlb())], { type: 'model/gltf-binary' }), 'lampe.glb');
  const { idGroupeModel } = await api<{ idGroupeModel: number }>(
    '/api/Model/ModelWithGroup',
    { method: 'POST', body: form },
    token,
  );
  ({ publicKey } = await api<{ publicKey: string }>(`/api/GroupeModel/${idGroupeModel}`, {}, token));
}, 120_000);
afterAll(() => browser?.close());

describe('a second view of a product', () => {
  it('draws the light model again and downloads no model bytes, a few KB in all', async () => {
    const { page, errors, context } = await newPage(browser, { viewport: { width: 420, height: 760 } });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    let received: Array<{ url: string; bytes: number }> = [];
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) =>
      received.push({ url: urls.get(e.requestId) ?? '?', bytes: e.encodedDataLength }),
    );
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    // Drawn (model-viewer's `loaded`), or the page's message saying why not, which then fails the test.
    const drawn = async () => {
      await page.waitForFunction(
        () =>
          document.querySelector<HTMLElement & { loaded?: boolean }>('model-viewer')?.loaded === true ||
          !!document.querySelector('.message'),
        undefined,
        { timeout: 90_000 },
      );
      expect(await page.locator('.message').count(), `${consoleErrors.join(' | ')}`).toBe(0);
      // The 1 m grid itself (a model that failed to decode would load as an empty scene).
      const size = await page.evaluate(() =>
        document
          .querySelector<HTMLElement & { getDimensions(): { x: number; y: number } }>('model-viewer')!
          .getDimensions(),
      );
      expect(size.x).toBeCloseTo(1, 1);
      expect(size.y).toBeCloseTo(1, 1);
      expect(consoleErrors).toEqual([]);
    };

    await page.goto(`/viewer/${publicKey}`);
    await drawn();
    const info = await api<{ modelUrl: string; posterUrl: string }>(`/api/viewer/${publicKey}`);
    const modelBytes = received.filter((r) => r.url.endsWith(info.modelUrl)).reduce((s, r) => s + r.bytes, 0);
    // The first view did download the model (so the second's zero means something).
    expect(modelBytes).toBeGreaterThan(10_000);
    // A meshopt model, drawn with this origin's decoder script.
    const model = new Uint8Array(await (await fetch(`${baseUrl()}${info.modelUrl}`)).arrayBuffer());
    expect(requiredExtensions(model)).toContain('EXT_meshopt_compression');
    expect(received.some((r) => /\/assets\/meshopt-decoder-[\w-]+\.js$/.test(r.url))).toBe(true);
    expect(await page.locator('model-viewer').getAttribute('poster')).toBe(info.posterUrl);
    // The light poster made at upload, not the PNG photo (server/catalogue/viewerPoster.ts).
    expect(info.posterUrl).toMatch(/\/poster\/[0-9a-f]{16}\.webp$/);

    received = [];
    await page.goto(`/viewer/${publicKey}`);
    await drawn();
    const fromNetwork = received.filter((r) => r.bytes > 0);
    expect(fromNetwork.filter((r) => r.url.includes('/model/') || r.url.includes('/poster/'))).toEqual([]);
    const total = fromNetwork.reduce((s, r) => s + r.bytes, 0);
    expect(total, JSON.stringify(fromNetwork)).toBeLessThanOrEqual(SECOND_VIEW_BUDGET);
    expect(errors).toEqual([]);
  }, 180_000);
});
