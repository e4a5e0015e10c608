// The dashboard's alert banner in the browser (docs/notifications.md "On the dashboard"): an alert raised
// for a product of the company shows, fixed at the window's bottom, to its users until each marks it read;
// "Voir le produit" selects that product; axe finds nothing serious. Its own server on a fresh PostgreSQL
// database, so that the test can write the alert the job would raise (the shared e2e server sends no mail,
// so its job never runs; the job itself is tested in tests/api/notifications.test.ts).
import pg from 'pg';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshDatabase, postgresUrl } from '../faults/helpers';
import { violations } from '../helpers/axe';
import { CHROMIUM_FLAGS, chromiumPath } from '../helpers/browser';
import { tokenOf } from '../helpers/routeTable';
import { type RunningServer, startServer } from '../helpers/server';

let browser: Browser;
let server: RunningServer;
let database: { url: string; drop(): Promise<void> };
let product: { id: number; name: string };

beforeAll(async () => {
  const serverUrl = await postgresUrl();
  if (!serverUrl) throw new Error('PostgreSQL (127.0.0.1:5432) is required by this test');
  database = await freshDatabase(serverUrl);
  server = await startServer({ DATABASE_URL: database.url });
  browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
  const token = await tokenOf(server.url, 'directeur@demo.fr');
  const headers = { authorization: `Bearer ${token}` };
  const { entrepriseId } = (await (await fetch(`${server.url}/api/User/current`, { headers })).json()) as {
    entrepriseId: number;
  };
  const list = (await (await fetch(`${server.url}/api/Produit/Entreprise/${entrepriseId}`, { headers })).json()) as
    Array<{ produitId: number; nomProduit?: string }> | { $values: Array<{ produitId: number }> };
  const first = (Array.isArray(list) ? list : list.$values)[0];
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query<{ name: string }>(
    'select nom_groupe_model as name from groupe_models where id_groupe_model = $1',
    [first.produitId],
  );
  product = { id: first.produitId, name: rows[0].name };
  // What the job writes when it raises "Collecte interrompue" today (server/notifications/alerts.ts).
  await client.query(
    `insert into alerts_sent (produit_id, kind, day) values ($1, 'alert_collection_stopped', current_date)`,
    [product.id],
  );
  await client.end();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.drop();
});

/** The dashboard signed in as `mail`, in a context of its own. */
async function dashboardOf(mail: string): Promise<Page> {
  const page = await (await browser.createBrowserContext()).newPage();
  await page.setViewport({ width: 1400, height: 900 });
  const token = await tokenOf(server.url, mail);
  await page.goto(`${server.url}/logo.svg`);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(`${server.url}/dashboard`, { waitUntil: 'load' });
  return page;
}

const BANNER = 'aside[aria-labelledby="alert-banner-title"]';

describe('the alert banner', () => {
  it('shows the alert until the Directeur marks it read; "Voir le produit" selects it; the Manager still sees it', async () => {
    const page = await dashboardOf('directeur@demo.fr');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push((e as Error).message));
    const banner = await page.waitForSelector(BANNER);
    const text = await banner!.evaluate((el) => el.textContent ?? '');
    expect(text).toContain('Alertes (1)');
    expect(text).toContain('Collecte interrompue');
    expect(text).toContain(product.name);
    expect(await violations(page)).toEqual([]);

    await page.click(`${BANNER} button[aria-label="Voir le produit ${product.name}"]`);
    await page.waitForFunction(
      (id) => new URL(location.href).searchParams.get('produit') === id,
      {},
      String(product.id),
    );

    await page.click(`${BANNER} button[aria-label^="Marquer comme lue"]`);
    await page.waitForSelector(BANNER, { hidden: true });
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('.dashboard');
    expect(await page.$(BANNER)).toBeNull();
    expect(errors).toEqual([]);
    await page.browserContext().close();

    const manager = await dashboardOf('manager@demo.fr');
    await manager.waitForSelector(BANNER);
    await manager.browserContext().close();
  });
});
