// Shared steps of the end-to-end tests: a browser per file, a fresh context per test, sign-in as a user would.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';

import { launchBrowser } from './browser';

export const DEMO_PASSWORD = 'Demo!2026pass';
export const baseUrl = () => inject('baseUrl');

export interface E2E {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

export async function openBrowser(): Promise<Browser> {
  return launchBrowser();
}

/** A fresh context (empty storage) at desktop size, with page errors collected. */
export async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1400, height: 900 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(page: Page, mail: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.fill('#email', mail);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
  // The dashboard may add its selection to the query string.
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByText('Se déconnecter').waitFor();
}
