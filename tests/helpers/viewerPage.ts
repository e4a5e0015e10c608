// The public viewer's page as the end-to-end tests visit it (tests/e2e/viewer.test.ts,
// tests/e2e/viewerSignals.test.ts): the demo product they open, found through the API as its Directeur; a
// visitor's page (a phone's width, French, a desktop Chrome's agent); the wait until the model is shown.
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

import { baseUrl, DEMO_PASSWORD, newPage } from './e2e';
import { BROWSER_AGENT } from './viewerVisit';

/** A visitor's agent: headless Chromium's own is on the robots list, whose events are dropped. */
export const VISITOR_AGENT = BROWSER_AGENT;

async function call<T>(url: string, init: RequestInit = {}, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** The Directeur's token and the demo product whose page the tests open ("Applique Laiton"). */
export async function viewerProduct(): Promise<{
  token: string;
  product: { idGroupeModel: number; publicKey: string };
}> {
  const { token } = await call<{ token: string }>('/api/Auth/backoffice/login', {
    method: 'POST',
    body: JSON.stringify({ mail: 'directeur@demo.fr', password: DEMO_PASSWORD }),
  });
  const groupes = (
    await call<{ $values: Array<{ nomGroupeModel: string; idGroupeModel: number; publicKey: string }> }>(
      '/api/GroupeModel',
      {},
      token,
    )
  ).$values;
  const product = groupes.find((g) => g.nomGroupeModel === 'Applique Laiton')!;
  expect(product?.publicKey).toBeTruthy();
  return { token, product };
}

/** A fresh visitor's page (newPage: page errors collected) the size of a phone, in French. */
export const visitorPage = (browser: Browser) =>
  newPage(browser, { viewport: { width: 420, height: 760 }, userAgent: VISITOR_AGENT, locale: 'fr-FR' });

/** Waits for model-viewer's `loaded`: the GLB was fetched, parsed and is shown. */
export const modelShown = (page: Page) =>
  page.waitForFunction(
    () => document.querySelector<HTMLElement & { loaded?: boolean }>('model-viewer')?.loaded === true,
    null,
    { timeout: 60_000 },
  );
