// Accessibility scan (axe-core rules, run by Lighthouse's snapshot mode: axe-core itself is MPL-2.0, a
// licence the project does not take as a direct dependency; Lighthouse ships it): every route of the route
// table signed in as an Admin — as it loads, with its first PrimeReact dropdown open, and with a dialog open
// (the page's own, else the frame's "Modifier mon mot de passe") — and every route as the Vendeur, whose
// pages differ (fewer actions, colleagues' contacts hidden); besides the route table, a product's edit
// page (Admin) and the public viewer page. No violation of impact serious or critical, and no control
// inside another (nested-interactive, checked on the DOM too: see nestedControls).
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { violations } from '../helpers/axe';
import { CHROMIUM_FLAGS, chromiumPath } from '../helpers/browser';
import { baseUrl } from '../helpers/e2e';
import { routePaths, tokenOf } from '../helpers/routeTable';

let browser: Browser;
let admin: string;
let vendeur: string;
let paths: string[];
/** Pages outside the route table: a product's edit page (signed in) and a public viewer page (no session). */
let productEdit: string;
let viewerPage: string;

beforeAll(async () => {
  browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
  vendeur = await tokenOf(baseUrl(), 'vendeur@demo.fr');
  admin = await tokenOf(baseUrl(), 'admin@demo.fr');
  paths = await routePaths(baseUrl(), vendeur);
  const directeur = await tokenOf(baseUrl(), 'directeur@demo.fr');
  const get = async <T>(path: string) =>
    (await (await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${directeur}` } })).json()) as T;
  const { entrepriseId } = await get<{ entrepriseId: number }>('/api/User/current');
  const products = await get<Array<{ produitId: number }> | { $values: Array<{ produitId: number }> }>(
    `/api/Produit/Entreprise/${entrepriseId}`,
  );
  productEdit = `/products/${(Array.isArray(products) ? products : products.$values)[0].produitId}/edit`;
  const groupes = (await get<{ $values: Array<{ publicKey: string }> }>('/api/GroupeModel')).$values;
  viewerPage = `/viewer/${groupes[0].publicKey}`;
});
afterAll(() => browser?.close());

// Roles whose children are presentational (WAI-ARIA; axe's nested-interactive): a focusable element inside
// one is a control inside another, which screen readers announce wrongly or not at all.
const PRESENTATIONAL_CHILDREN = [
  'button',
  'checkbox',
  'img',
  'meter',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'progressbar',
  'radio',
  'scrollbar',
  'separator',
  'slider',
  'switch',
  'tab',
];

/**
 * The controls with a focusable element inside, found on the DOM: axe reports only some of them (the
 * dashboard's "Comparer" switch, a role="checkbox" around an <input role="switch">, went unreported by
 * some runs), so the rule is checked here too, the same way on every run.
 */
function nestedControls(page: Page): Promise<string[]> {
  return page.evaluate((roles) => {
    const focusable = 'a[href], button, input, select, textarea, [tabindex]';
    const found: string[] = [];
    for (const el of document.querySelectorAll('[role], button')) {
      const role = el.getAttribute('role') ?? 'button';
      if (!roles.includes(role)) continue;
      const inner = [...el.querySelectorAll(focusable)].filter(
        (d) => d.getAttribute('tabindex') !== '-1' && !(d as HTMLInputElement).disabled,
      );
      if (inner.length) found.push(`nested-interactive (DOM): ${el.outerHTML.slice(0, 120)}`);
    }
    return found;
  }, PRESENTATIONAL_CHILDREN);
}

async function open(path: string, token: string | null): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  if (token) {
    await page.goto(`${baseUrl()}/logo.svg`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
  }
  // The network's quiet, waited for at most a few seconds: once the service worker takes control, the
  // page asks its API answers again through it (src/pwa/replayThroughWorker.ts), requests the driver never
  // sees end, so "networkidle0" never came on a machine fast enough for the worker to take control early.
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'load' });
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 8_000 }).catch(() => undefined);
  return page;
}

async function scan(path: string, token: string | null, act?: (page: Page) => Promise<void>): Promise<string[]> {
  const page = await open(path, token);
  try {
    await act?.(page);
    return [...(await violations(page)), ...(await nestedControls(page))].map((v) => `${path}: ${v}`);
  } finally {
    await page.browserContext().close();
  }
}

/** Opens the page's first enabled dropdown; false when it has none. */
async function openDropdown(page: Page): Promise<boolean> {
  const dropdown = await page.$('main .p-dropdown:not(.p-disabled)');
  if (!dropdown) return false;
  await dropdown.click();
  await page.waitForSelector('.p-dropdown-panel');
  return true;
}

// The dialog each page opens itself (a destructive confirmation, a password, the product form's new
// category); other pages open the frame's.
const PAGE_DIALOGS: Array<[RegExp, string]> = [
  [/^\/customers\/\d+$/, 'Supprimer'],
  // The editable details (detailsCopy) has it; the read-only sheet (details) opens the frame's.
  [/^\/users\/\d+\/detailsCopy$/, 'Modifier mot de passe'],
];

async function openDialog(page: Page, path: string): Promise<void> {
  // The product form's category dialog opens from its category dropdown.
  if (path === '/products') {
    await (await page.waitForSelector('.p-dropdown:has(#product-category)'))!.click();
    await (await page.waitForSelector('.p-dropdown-item::-p-text(Créer une nouvelle catégorie)'))!.click();
    await page.waitForSelector('.p-dialog');
    return;
  }
  const label = PAGE_DIALOGS.find(([route]) => route.test(path))?.[1];
  const button = label
    ? await page.waitForSelector(`main button::-p-text(${label})`)
    : await page.waitForSelector('aside button::-p-text(Modifier mon mot de passe)');
  await button!.click();
  await page.waitForSelector('.p-dialog');
}

describe('accessibility: no serious or critical violation', () => {
  it('on every route of the route table, as it loads (Admin, then Vendeur)', async () => {
    const found: string[] = [];
    for (const path of paths) {
      found.push(...(await scan(path, path === '/login' ? null : admin)));
      if (path !== '/login') found.push(...(await scan(path, vendeur)));
    }
    found.push(...(await scan(productEdit, admin)), ...(await scan(viewerPage, null)));
    expect(found).toEqual([]);
  }, 1_800_000);

  it('on every route with its first dropdown open, and with a dialog open (Admin)', async () => {
    const found: string[] = [];
    let dropdowns = 0;
    for (const path of [...paths.filter((p) => p !== '/login'), productEdit]) {
      found.push(
        ...(await scan(path, admin, async (page) => {
          if (await openDropdown(page)) dropdowns++;
        })),
      );
      found.push(...(await scan(path, admin, (page) => openDialog(page, path))));
    }
    // The scan would prove nothing if no page had opened a dropdown.
    expect(dropdowns).toBeGreaterThan(3);
    expect(found).toEqual([]);
  }, 1_800_000);

  it('on Intégration with a refused site on its row and a product previewed (Directeur)', async () => {
    const directeur = await tokenOf(baseUrl(), 'directeur@demo.fr');
    const found = await scan('/integration', directeur, async (page) => {
      await (await page.waitForSelector('button::-p-text(Ajouter un site)'))!.click();
      const input = await page.waitForSelector('.integration-site:last-child input');
      await input!.type('http://boutique.exemple.fr');
      await (await page.waitForSelector('button::-p-text(Enregistrer)'))!.click();
      await page.waitForSelector('.integration-site .field-error');
      await (await page.waitForSelector('button[aria-label^="Aperçu : "]'))!.click();
      await page.waitForSelector('iframe.embed-frame');
    });
    expect(found).toEqual([]);
  }, 300_000);

  it("on the dashboard's notes with a field error and the delete dialog open (Directeur)", async () => {
    const directeur = await tokenOf(baseUrl(), 'directeur@demo.fr');
    const found = await scan('/dashboard', directeur, async (page) => {
      const heading = await page.waitForSelector('h3::-p-text(Notes du graphique)');
      await heading!.scrollIntoView();
      await (await page.waitForSelector('.chart-notes button::-p-text(Ajouter la note)'))!.click();
      await page.waitForSelector('.chart-notes .p-error');
      const text = await page.waitForSelector('.chart-notes-text input');
      await text!.type('Note du test d’accessibilité');
      await (await page.waitForSelector('.chart-notes button::-p-text(Ajouter la note)'))!.click();
      const remove = await page.waitForSelector('.chart-notes-list button[aria-label^="Supprimer la note du "]');
      await remove!.click();
      await page.waitForSelector('.p-dialog');
    });
    // The note stays for nobody: deleted through the API.
    const headers = { authorization: `Bearer ${directeur}` };
    const { entrepriseId } = (await (await fetch(`${baseUrl()}/api/User/current`, { headers })).json()) as {
      entrepriseId: number;
    };
    const notes = (
      (await (await fetch(`${baseUrl()}/api/Annotation/Entreprise/${entrepriseId}`, { headers })).json()) as {
        $values: Array<{ id: number; texte: string }>;
      }
    ).$values;
    for (const n of notes.filter((x) => x.texte === 'Note du test d’accessibilité'))
      await fetch(`${baseUrl()}/api/Annotation/${n.id}`, { method: 'DELETE', headers });
    expect(found).toEqual([]);
  }, 300_000);

  it('as the Vendeur: the dashboard with a dropdown open, his customer with its delete dialog open', async () => {
    const dropdown = await scan('/dashboard', vendeur, async (page) => {
      await page.waitForSelector('.p-dropdown');
      await page.click('.p-dropdown');
      await page.waitForSelector('.p-dropdown-panel');
    });
    const customer = paths.find((p) => /^\/customers\/\d+$/.test(p))!;
    const dialog = await scan(customer, vendeur, async (page) => {
      const button = await page.waitForSelector('::-p-text(Supprimer)');
      await button!.click();
      await page.waitForSelector('.p-dialog');
    });
    expect([...dropdown, ...dialog]).toEqual([]);
  }, 300_000);
});
