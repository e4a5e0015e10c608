// After logout, and after a 401, nothing of the session's data is left on the PC, metadata included: no
// IndexedDB database or record, and no cache, names an /api URL (src/app/userCaches.ts,
// src/pwa/offlineApi.ts). workbox-expiration's records may stay only for the app's code: the API cache has
// no ExpirationPlugin (src/sw.ts), so none of its URLs is ever recorded there.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { baseUrl, newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

/** Every IndexedDB database, store and record of the origin, and every cached request URL, as text. */
function traces(page: Page) {
  return page.evaluate(async () => {
    const records: string[] = [];
    for (const { name, version } of await indexedDB.databases()) {
      if (!name) continue;
      records.push(`database ${name}`);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name, version);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error(name));
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error(store));
        });
        const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAllKeys();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error(store));
        });
        for (const k of keys) records.push(`${name}/${store} key ${JSON.stringify(k)}`);
        for (const v of all)
          records.push(
            `${name}/${store} ${JSON.stringify(v, (_k, x: unknown) => (x instanceof ArrayBuffer ? '<bytes>' : x))}`,
          );
      }
      db.close();
    }
    const cached: string[] = [];
    for (const name of await caches.keys())
      for (const r of await (await caches.open(name)).keys()) cached.push(`${name} ${r.url}`);
    return { records, cached, token: localStorage.getItem('token') };
  });
}

/** Signs in, lets the service worker take over, and visits pages whose API answers it and the worker keep. */
async function session(page: Page) {
  await signIn(page, 'manager@demo.fr');
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 30_000 });
  await page.reload();
  await page.getByText('Se déconnecter').waitFor();
  await page.goto('/customers');
  await page
    .getByRole('heading', { name: /Clients/ })
    .first()
    .waitFor();
  await page.goto('/dashboard');
  await page.getByText('Se déconnecter').waitFor();
  const during = await traces(page);
  // The session left API traces to remove (otherwise the test proves nothing).
  expect(during.cached.some((c) => c.includes('/api/'))).toBe(true);
}

function expectNoApiTrace(after: Awaited<ReturnType<typeof traces>>) {
  expect(after.token).toBeNull();
  expect(after.records.filter((r) => r.toLowerCase().includes('/api'))).toEqual([]);
  expect(after.cached.filter((c) => c.toLowerCase().includes('/api'))).toEqual([]);
}

describe('no trace of the session after it ends', () => {
  it('after logout, no IndexedDB database or record and no cache names an /api URL', async () => {
    const { page, context } = await newPage(browser);
    await session(page);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Se déconnecter' }).click()]);
    await page.waitForURL('**/login');
    await page.locator('#email').waitFor();
    expectNoApiTrace(await traces(page));
    await context.close();
  });

  it('after a 401 (the session ended elsewhere), the same', async () => {
    const { page, context } = await newPage(browser);
    await session(page);
    // The session is revoked on the server (as a logout from another tab or a password change would).
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const revoked = await fetch(`${baseUrl()}/api/Auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(204);
    await page.goto('/customers');
    await page.waitForURL('**/login');
    await page.locator('#email').waitFor();
    expectNoApiTrace(await traces(page));
    await context.close();
  });
});
