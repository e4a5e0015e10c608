// The installable PWA: manifest, service worker, offline start, update prompt, and nothing of the user's
// left in the caches after logout.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CODE_CACHE } from '../../src/pwa/codeCache';
import { CHROMIUM_FLAGS, chromiumPath } from '../helpers/browser';
import { figureTexts } from '../helpers/dashboard';
import { baseUrl, newPage, openBrowser, signIn } from '../helpers/e2e';
import { ROOT, type RunningServer, startServer } from '../helpers/server';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

/** Waits until a service worker controls the page (the first visit installs it; clientsClaim takes over). */
async function waitForController(page: Page) {
  await page.waitForFunction(
    () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
    null,
    {
      timeout: 30_000,
    },
  );
}

/** The paths a cache holds (the precache's are all workbox-precache-…), query strings (revisions) aside. */
function cachedPaths(page: Page, cache: 'precache' | typeof CODE_CACHE): Promise<string[]> {
  return page.evaluate(async (wanted) => {
    const names = (await caches.keys()).filter((n) =>
      wanted === 'precache' ? n.startsWith('workbox-precache') : n === wanted,
    );
    const paths: string[] = [];
    for (const name of names)
      for (const r of await (await caches.open(name)).keys()) paths.push(new URL(r.url).pathname);
    return paths.sort();
  }, cache);
}

/** The path of the script of `page` (a chunk of the app) that the page loaded, by the start of its name. */
function loadedChunk(page: Page, name: string): Promise<string | undefined> {
  return page.evaluate(
    (prefix) =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .find((p) => p.startsWith(`/assets/${prefix}-`) && p.endsWith('.js')),
    name,
  );
}

describe('installable PWA', () => {
  it('serves a valid French manifest and a controlling service worker; Chromium finds no installability error', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/login');
    const href = await page.getAttribute('link[rel=manifest]', 'href');
    const res = await page.request.get(href!);
    expect(res.headers()['content-type']).toMatch(/manifest\+json|json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      lang: 'fr',
      start_url: '/dashboard',
      display: 'standalone',
      short_name: 'Visio3D',
    });
    expect(manifest.name).toBeTruthy();
    expect(manifest.description).toBeTruthy();
    expect(manifest.theme_color).toMatch(/^#/);
    expect(manifest.background_color).toMatch(/^#/);
    const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}:${i.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    for (const icon of [...manifest.icons, ...manifest.screenshots]) {
      const r = await page.request.get(icon.src);
      expect(r.status(), icon.src).toBe(200);
      expect((await r.body()).subarray(1, 4).toString()).toBe('PNG');
    }
    expect(manifest.screenshots.some((s: { form_factor?: string }) => s.form_factor === 'wide')).toBe(true);

    await context.close();

    // Installability needs a normal (not incognito) profile, as a user's browser has.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-profile-'));
    const persistent = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: CHROMIUM_FLAGS,
      baseURL: baseUrl(),
    });
    try {
      const p = persistent.pages()[0] ?? (await persistent.newPage());
      await p.goto('/login');
      await waitForController(p);
      const cdp = await persistent.newCDPSession(p);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: unknown[];
      };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await persistent.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  it('after one visit, the app opens offline, still signed in, with the cached figures and the offline notice', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');
    await waitForController(page);
    await page.reload(); // this visit goes through the service worker, which keeps the frame's API answers
    const online = await figureTexts(page);
    const dashboardChunk = await loadedChunk(page, 'DashboardPage');
    expect(dashboardChunk).toBeDefined();
    const fromWorker: string[] = [];
    page.on('response', (r) => {
      if (r.fromServiceWorker()) fromWorker.push(new URL(r.url()).pathname);
    });
    await context.setOffline(true);
    await page.reload();
    expect(await page.getByTestId('user-name').textContent()).toBe('Victor Dubois');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    // The figures come from the worker's IndexedDB cache, with the date of that data.
    expect(await figureTexts(page)).toEqual(online);
    await page.getByText(/Hors ligne — données du \d{2}\/\d{2}\/\d{4}/).waitFor();
    await page.getByText('Vous êtes hors ligne').first().waitFor();
    // The dashboard's chunk is not precached: the service worker served it from the code it kept at run time.
    expect(fromWorker).toContain(dashboardChunk);
    expect(await cachedPaths(page, 'precache')).not.toContain(dashboardChunk);
    expect(await cachedPaths(page, CODE_CACHE)).toContain(dashboardChunk);
    await context.setOffline(false);
    await context.close();
  });

  it('a sign-in at once, before the service worker controls the page, still leaves that page cached for offline', async () => {
    const { page, context } = await newPage(browser);
    // The worker's script waits until the sign-in is done: its takeover comes after the frame's first calls.
    let release!: () => void;
    const signedIn = new Promise<void>((r) => (release = r));
    await context.route('**/sw.js', async (route) => {
      await signedIn;
      await route.continue();
    });
    await signIn(page, 'vendeur@demo.fr');
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    release();
    await waitForController(page);
    // No reload: the answers the page already had reach the offline cache through the new worker.
    // Nor the code: the pages' chunks the page loaded before the worker took over are kept the same way.
    // Polled from here: waitForFunction takes an async predicate's promise for a truthy value at once.
    await expect
      .poll(
        () =>
          page.evaluate(
            async (code) =>
              (await (await caches.open('api-offline')).keys()).some((k) => /\/api\/user\/current/i.test(k.url)) &&
              (await (await caches.open(code)).keys()).some((k) => /\/assets\/DashboardPage-[^/]+\.js$/.test(k.url)),
            CODE_CACHE,
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('user-name').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('user-name').textContent()).toBe('Victor Dubois');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await context.setOffline(false);
    await context.close();
  });

  it('the login page still shows the desktop-only notice offline', async () => {
    const { page, context } = await newPage(browser, {
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      viewport: { width: 412, height: 915 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto('/login');
    await waitForController(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByText('Accès restreint').waitFor();
    expect(await page.locator('#email').count()).toBe(0);
    await context.setOffline(false);
    await context.close();
  });

  it("precaches the shell only: index.html's scripts and styles, no page's chunk", async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/login');
    await waitForController(page);
    const html = await (await page.request.get('/index.html')).text();
    const shell = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
      (m) => m[1],
    );
    expect(shell.some((p) => /\/main-[^/]+\.js$/.test(p))).toBe(true);
    const precached = await cachedPaths(page, 'precache');
    expect(precached.filter((p) => /^\/assets\/.*\.(js|css)$/.test(p))).toEqual([...new Set(shell)].sort());
    expect(precached).toEqual(
      expect.arrayContaining([
        '/index.html',
        '/manifest.webmanifest',
        '/fonts/inter-latin-var.woff2',
        '/icons/icon-192.png',
      ]),
    );
    // A page's chunk exists, is served, and is not precached.
    const signedIn = await newPage(browser);
    await signIn(signedIn.page, 'vendeur@demo.fr');
    // The frame shows before the page's chunk has come (src/app/lazyPage.ts).
    await signedIn.page.locator('.stat-card').first().waitFor();
    const dashboardChunk = await loadedChunk(signedIn.page, 'DashboardPage');
    expect(dashboardChunk).toBeDefined();
    expect(precached).not.toContain(dashboardChunk);
    await signedIn.context.close();
    await context.close();
  });

  it('after logout, no cached API data remains (Cache Storage and IndexedDB)', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'manager@demo.fr');
    await waitForController(page);
    await page.reload();
    await page.getByText('Se déconnecter').waitFor();
    const before = await page.evaluate(async () => (await caches.open('api-offline').then((c) => c.keys())).length);
    expect(before).toBeGreaterThan(0);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Se déconnecter' }).click()]);
    await page.waitForURL('**/login');
    await page.locator('#email').waitFor();
    const after = await page.evaluate(async () => ({
      caches: await caches.keys(),
      databases: (await indexedDB.databases()).map((d) => d.name),
      token: localStorage.getItem('token'),
    }));
    expect(after.token).toBeNull();
    expect(after.caches).not.toContain('api-offline');
    // Only the app's code may remain, precached or kept at run time: it holds no user data.
    expect(after.caches.every((name) => name.startsWith('workbox-precache') || name === CODE_CACHE)).toBe(true);
    // So does the code cache's record of when each file was last used (file names and times).
    expect(after.databases.filter((name) => name !== 'workbox-expiration')).toEqual([]);
    await context.close();
  });
});

describe('updates', () => {
  let server: RunningServer;
  let served: string;
  const build = (id: string, outDir: string) =>
    execFileSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--logLevel',
        'error',
        '--outDir',
        outDir,
        '--emptyOutDir',
      ],
      {
        cwd: ROOT,
        env: { ...process.env, BUILD_ID: id, NODE_ENV: 'production' },
        stdio: 'inherit',
      },
    );

  let tmp: string;
  /** Puts a build where the server serves from, as a deployment would: replacing the files, or over them. */
  const deploy = (version: 'v1' | 'next', how: 'replace' | 'over') => {
    if (how === 'replace') fs.rmSync(served, { recursive: true, force: true });
    fs.cpSync(path.join(tmp, version), served, { recursive: true, force: true });
  };

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-builds-'));
    served = path.join(tmp, 'served');
    build('version-1', path.join(tmp, 'v1'));
    build('version-2', path.join(tmp, 'next'));
    deploy('v1', 'replace');
    server = await startServer({ DIST_DIR: served, SKIP_BUILD: '1' });
  }, 300_000);
  afterAll(() => server?.stop());

  it('a new build makes "Nouvelle version disponible" appear; "Mettre à jour" loads it', async () => {
    deploy('v1', 'replace');
    const { page, context } = await newPage(browser, { baseURL: server.url });
    await page.goto('/login');
    await waitForController(page);
    expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe('version-1');

    // Deploy the new build in place, as a server update would.
    deploy('next', 'over');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const toast = page.locator('.update-toast');
    await toast.waitFor({ timeout: 30_000 });
    expect(await toast.textContent()).toContain('Nouvelle version disponible');
    // Until the user agrees, the running version stays whole.
    expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe('version-1');
    await Promise.all([page.waitForEvent('load'), toast.getByRole('button', { name: 'Mettre à jour' }).click()]);
    await page.waitForFunction(() => document.documentElement.dataset.build === 'version-2');
    await context.close();
  });

  it('a deployment that removes the old files: the running version keeps the code it kept; a page whose code is gone leads to the new one', async () => {
    deploy('v1', 'replace');
    const { page, context, errors } = await newPage(browser, { baseURL: server.url });
    await page.goto('/login');
    await waitForController(page);
    await signIn(page, 'vendeur@demo.fr'); // through the worker: the frame's and the dashboard's code is kept
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const dashboardChunk = await loadedChunk(page, 'DashboardPage');
    expect(dashboardChunk).toBeDefined();

    deploy('next', 'replace');
    expect((await page.request.get(dashboardChunk!)).status()).toBe(404);
    // The tab still runs version 1 (its worker is the active one until the user agrees): after a reload its
    // dashboard's code, gone from the server, comes from the code cache.
    await page.reload();
    await page.getByText('Se déconnecter').waitFor();
    await page.locator('.stat-card').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe('version-1');
    expect(await loadedChunk(page, 'DashboardPage')).toBe(dashboardChunk);

    // A page never opened in version 1: its code is gone. The notice; once version 2 waits, "Réessayer" starts it.
    await page.locator('a.nav-link[href="/customers"]').click();
    await page.getByText("Cette page n'a pas pu être chargée").waitFor();
    await page.locator('.update-toast').waitFor({ timeout: 30_000 });
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Réessayer' }).click()]);
    await page.waitForFunction(() => document.documentElement.dataset.build === 'version-2');
    expect(new URL(page.url()).pathname).toBe('/customers');
    await page.locator('table').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
