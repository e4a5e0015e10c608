// The embed code on another site, end to end (docs/viewer.md, docs/back-office.md "Intégration"): a Directeur
// declares his site on /integration, copies a product's code, a page of that site embeds it, Chromium shows
// the model there. Before the site is declared the same page is refused by frame-ancestors.
//
// The other site is a second server started here, over https on its own origin: the schema takes
// https://host[:port] only (no localhost, no IP), so the test does not loosen it. Its name,
// boutique.visio3d.test, is mapped to 127.0.0.1 by the browser (--host-resolver-rules), and its certificate,
// generated here, is trusted by its key's hash only (--ignore-certificate-errors-spki-list). The viewer stays on
// http://127.0.0.1, which browsers treat as potentially trustworthy, so an https page may frame it.
import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FAVICON_CACHE } from '../../server/http/spa';
import { CODE_COPIED, CODE_COPIED_NO_SITE } from '../../src/features/catalogue/embedCode';
import { launchWebGlBrowser } from '../helpers/browser';
import { baseUrl, DEMO_PASSWORD, newPage, signIn } from '../helpers/e2e';
import { freePort } from '../helpers/server';

const SHOP_HOST = 'boutique.visio3d.test';
// Headless Chromium's own agent is on the robots list, whose events are dropped (tests/e2e/viewer.test.ts).
const VISITOR_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

let browser: Browser;
let shop: https.Server;
let shopOrigin: string;
/** What the shop's home page holds: the code the Directeur copied. */
let shopBody = '<p>Bientôt</p>';
let token: string;
let entrepriseId: number;
let original: { frameOrigins: string[]; quoteUrl: string | null };
let product: { idGroupeModel: number; publicKey: string };

async function api<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
  });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}
/** A self-signed certificate for the shop's name, and the base64 SHA-256 of its public key. */
function certificate(dir: string) {
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${SHOP_HOST}`,
      '-addext',
      `subjectAltName=DNS:${SHOP_HOST}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const pem = fs.readFileSync(cert);
  const spki = createPublicKey(pem).export({ type: 'spki', format: 'der' });
  return { key: fs.readFileSync(key), cert: pem, spki: createHash('sha256').update(spki).digest('base64') };
}

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-shop-'));
  const tls = certificate(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  const port = await freePort();
  shopOrigin = `https://${SHOP_HOST}:${port}`;
  shop = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const page = req.url === '/' ? `<h1>Boutique</h1>${shopBody}` : '<h1>Merci de votre visite</h1>';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="fr"><title>Boutique</title><body>${page}</body></html>`);
  });
  await new Promise<void>((resolve) => shop.listen(port, '127.0.0.1', resolve));

  // WebGL needs SwiftShader: the shared flags disable the GPU (as tests/e2e/viewer.test.ts does).
  browser = await launchWebGlBrowser([
    `--user-agent=${VISITOR_AGENT}`,
    '--accept-lang=fr-FR,fr',
    `--host-resolver-rules=MAP ${SHOP_HOST} 127.0.0.1`,
    `--ignore-certificate-errors-spki-list=${tls.spki}`,
  ]);

  token = (
    await api<{ token: string }>('/api/Auth/backoffice/login', {
      method: 'POST',
      body: JSON.stringify({ mail: 'directeur@demo.fr', password: DEMO_PASSWORD }),
    })
  ).token;
  entrepriseId = (await api<{ entrepriseId: number }>('/api/User/current')).entrepriseId;
  original = await api(`/api/Entreprise/${entrepriseId}`);
  const groupes = (await api<{ $values: Array<typeof product & { nomGroupeModel: string }> }>('/api/GroupeModel'))
    .$values;
  product = groupes.find((g) => g.nomGroupeModel === 'Applique Laiton')!;
});

afterAll(async () => {
  // The other files read the demo company's settings as seeded (tests/e2e/viewer.test.ts).
  if (original)
    await api(`/api/Entreprise/${entrepriseId}`, {
      method: 'PUT',
      body: JSON.stringify({ frameOrigins: original.frameOrigins, quoteUrl: original.quoteUrl }),
    });
  await browser?.close();
  await new Promise((resolve) => shop?.close(resolve));
});

/** Saves the form: waits for the server's answer, then its toast (the previous save's may still be on screen). */
async function save(page: Page) {
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/Entreprise/'));
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  expect((await saved).ok()).toBe(true);
  await page.getByText("Réglages d'intégration enregistrés").last().waitFor();
}

/** Copies the product's code from its row and returns what the clipboard holds. */
async function copyCode(page: Page, toast: string): Promise<string> {
  await page.getByRole('button', { name: "Copier le code d'intégration : Applique Laiton", exact: true }).click();
  await page.getByText(toast, { exact: true }).waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
}

const modelShown = (frame: Frame) =>
  frame.waitForFunction(
    () => document.querySelector<HTMLElement & { loaded?: boolean }>('model-viewer')?.loaded === true,
    null,
    { timeout: 60_000 },
  );

describe('the embed code on another site', () => {
  it('is refused until the Directeur declares the site on Intégration, then shows the model there', async () => {
    const board = await newPage(browser);
    await board.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const viewerRequests: string[] = [];
    board.page.on('request', (r) => {
      if (r.url().includes('/api/viewer/') || r.url().includes('/api/collect')) viewerRequests.push(r.url());
    });
    await signIn(board.page, 'directeur@demo.fr');
    await board.page.goto('/catalogue');
    await board.page.getByRole('button', { name: 'Intégration', exact: true }).click();
    await board.page.waitForURL((url) => url.pathname === '/integration');
    await board.page.getByRole('heading', { name: 'Intégration', level: 1 }).waitFor();

    // The seeded site is listed; removed, no site is left and the page warns.
    await expect.poll(() => board.page.locator('#site-0').inputValue()).toBe('https://www.maison-lumiere.fr');
    await board.page.getByRole('button', { name: 'Retirer le site 1' }).click();
    await save(board.page);
    await board.page.getByText(/^Aucun site déclaré : les navigateurs refuseront/).waitFor();
    expect((await api<typeof original>(`/api/Entreprise/${entrepriseId}`)).frameOrigins).toEqual([]);

    // Copied now, the code comes with the reminder; pasted into the shop, browsers refuse it.
    const code = await copyCode(board.page, CODE_COPIED_NO_SITE);
    expect(code).toContain(`src="${baseUrl()}/viewer/${product.publicKey}"`);
    shopBody = code;
    const visitor = await newPage(browser, { baseURL: shopOrigin, userAgent: VISITOR_AGENT, locale: 'fr-FR' });
    const consoleTexts: string[] = [];
    visitor.page.on('console', (m) => consoleTexts.push(m.text()));
    await visitor.page.goto('/');
    await expect.poll(() => consoleTexts.some((t) => t.includes('frame-ancestors')), { timeout: 30_000 }).toBe(true);
    expect(await visitor.page.frameLocator('iframe').locator('model-viewer').count()).toBe(0);

    // A malformed site is refused on its row with the schema's message, nothing sent.
    await board.page.getByRole('button', { name: 'Ajouter un site' }).click();
    await board.page.locator('#site-0').fill(`http://${SHOP_HOST}:1`);
    await board.page.getByRole('button', { name: 'Enregistrer' }).click();
    await board.page
      .locator('#site-0-error')
      .getByText(/^Origine invalide/)
      .waitFor();
    await board.page.locator('#site-0').fill(shopOrigin);
    await save(board.page);
    await expect.poll(() => board.page.getByText(/^Aucun site déclaré/).count()).toBe(0);
    expect((await api<typeof original>(`/api/Entreprise/${entrepriseId}`)).frameOrigins).toEqual([shopOrigin]);
    expect(await copyCode(board.page, CODE_COPIED)).toBe(code);

    // The back-office's preview shows the model too, and asks for no visit token: nothing is counted.
    await board.page.getByRole('button', { name: 'Aperçu : Applique Laiton', exact: true }).click();
    // model-viewer loads once in view: the preview takes the focus, which brings it there.
    await expect
      .poll(() => board.page.evaluate(() => document.activeElement?.textContent))
      .toBe('Aperçu : Applique Laiton');
    const preview = await (await board.page.waitForSelector('iframe.embed-frame')).contentFrame();
    await modelShown(preview!);

    // The shop's page, visited again: the model is shown there.
    consoleTexts.length = 0;
    await visitor.page.goto('/');
    const frame = await (await visitor.page.waitForSelector('iframe')).contentFrame();
    await modelShown(frame!);
    expect(consoleTexts.filter((t) => t.includes('frame-ancestors'))).toEqual([]);
    // Its poster (shown before the model) is the product's image under its immutable address.
    const poster = await frame!.evaluate(() => document.querySelector('model-viewer')?.getAttribute('poster'));
    expect(poster).toMatch(new RegExp(`/api/viewer/${product.publicKey}/poster/[0-9a-f]{16}\\.\\w+$`));
    const posterAnswer = await fetch(new URL(poster!, baseUrl()));
    expect(posterAnswer.status).toBe(200);
    expect(posterAnswer.headers.get('content-type')).toMatch(/^image\//);
    expect(posterAnswer.headers.get('cache-control')).toContain('immutable');
    await visitor.context.close();

    // The preview's page asked for its data without a session (no visit token) and posted nothing.
    // Leaving the preview's page is its pagehide, when the viewer would send its batch.
    await board.page.goto('about:blank');
    expect(viewerRequests.some((u) => u.includes(`/api/viewer/${product.publicKey}`))).toBe(true);
    expect(viewerRequests.filter((u) => u.includes('session=') || u.includes('/api/collect'))).toEqual([]);
    expect(board.errors).toEqual([]);
    await board.context.close();
  }, 300_000);

  // The frame sends its first batch shortly after the model shows (src/viewer/collector.ts SEND_AFTER_MS),
  // not only when the company's page is left, which Chromium does not reliably deliver from a cross-site frame.
  it("counts the visit made on the company's site in the product's statistics", async () => {
    const consultations = async () =>
      (
        await api<{ $values: Array<{ consultation: boolean }> }>(
          `/api/ProductStatistics/Product/${product.idGroupeModel}`,
        )
      ).$values.filter((e) => e.consultation).length;
    const before = await consultations();
    const visitor = await newPage(browser, { baseURL: shopOrigin, userAgent: VISITOR_AGENT, locale: 'fr-FR' });
    const posted = visitor.page.waitForResponse(
      (r) => r.url().endsWith('/api/collect') && r.request().method() === 'POST',
      { timeout: 60_000 },
    );
    await visitor.page.goto('/');
    const frame = await (await visitor.page.waitForSelector('iframe')).contentFrame();
    await modelShown(frame!);
    expect((await posted).status()).toBe(202);
    // Still on the company's page: the visit is counted without the page being left.
    await expect.poll(consultations, { timeout: 30_000 }).toBe(before + 1);
    await visitor.context.close();
  }, 120_000);

  it('a Vendeur reads the sites and codes but cannot change them', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');
    await page.goto('/integration');
    await page.getByText('Seul un administrateur ou le directeur peut modifier ces réglages.').waitFor();
    expect(await page.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
    expect(await page.locator('input#site-0').count()).toBe(0);
    await page.getByRole('button', { name: "Copier le code d'intégration : Applique Laiton", exact: true }).waitFor();
    await context.close();
  });

  it('the viewer page declares /favicon.ico, served and kept a month, and logs no error', async () => {
    const { context, page } = await newPage(browser);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`/viewer/${product.publicKey}?apercu`);
    await modelShown(page.mainFrame());
    expect(await page.locator('link[rel=icon]').getAttribute('href')).toBe('/favicon.ico');
    const icon = await fetch(`${baseUrl()}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe(FAVICON_CACHE);
    expect(errors).toEqual([]);
    await context.close();
  });
});
