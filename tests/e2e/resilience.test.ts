// The server stops mid-session: the app says so in French and keeps the page (never a blank page), retries
// on its own, and carries on once the server is back on the same address.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ADMIN, createAdmin, spawnServer } from '../faults/helpers';
import { newPage, openBrowser, signIn } from '../helpers/e2e';
import { freePort } from '../helpers/server';

const DOWN =
  'Le serveur ne répond pas ou est momentanément indisponible. Nouvelle tentative automatique dans quelques secondes…';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-resilience-'));
let browser: Browser;

beforeAll(async () => {
  createAdmin({ dataDir });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('server stopping mid-session', () => {
  it('shows a clear French message, keeps the frame, retries and recovers', async () => {
    const port = await freePort();
    let server = await spawnServer({ SEED: 'off' }, dataDir, port);
    const { page, context, errors } = await newPage(browser, { baseURL: server.url });
    try {
      await signIn(page, ADMIN.mail, ADMIN.password);

      await server.stop('SIGKILL');
      await page.getByRole('link', { name: 'Utilisateurs' }).click();
      const banner = page.getByRole('alert').filter({ hasText: DOWN });
      await banner.waitFor();
      // The frame stays: sidebar, user and logout are all still there.
      await expect(page.getByText('Plateforme de gestion').isVisible()).resolves.toBe(true);
      await expect(page.getByText('Se déconnecter').isVisible()).resolves.toBe(true);
      expect((await page.locator('body').innerText()).trim().length).toBeGreaterThan(50);

      server = await spawnServer({ SEED: 'off' }, dataDir, port);
      // The banner's own retries find the server again: it goes away and says so.
      await banner.waitFor({ state: 'detached', timeout: 30_000 });
      await page.getByText('Connexion au serveur rétablie.').waitFor();
      await page.getByRole('link', { name: 'Clients' }).click();
      await page.waitForURL('**/customers');
      await expect(page.getByRole('alert').filter({ hasText: DOWN }).count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
