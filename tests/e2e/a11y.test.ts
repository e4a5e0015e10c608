// Accessibility scan (axe-core's rules as Lighthouse's accessibility category runs and judges them:
// tests/helpers/axe.ts): every route of the route table signed in as an Admin — as it loads, with its first
// PrimeReact dropdown open, and with a dialog open (the page's own, else the frame's "Modifier mon mot de
// passe") — and every route as the Vendeur, whose pages differ (fewer actions, colleagues' contacts
// hidden), his dashboard with a dropdown open and his customer with its delete dialog open; besides the
// route table, a product's edit page (Admin) and the public viewer page. No violation of impact serious or
// critical, and no control inside another (nested-interactive, checked on the DOM too: see nestedControls).
// Each page is loaded once and scanned in each of its states in turn, two pages at a time in one browser
// (docs/performance.md, "CI's own duration").
import puppeteer, { type Browser, type HTTPRequest, type HTTPResponse, type Page } from 'puppeteer-core';
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

/**
 * Waits until no request of the page has waited for its answer for 500 ms (8 s at most). Once the service
 * worker takes control, the page asks its API answers again through it (src/pwa/replayThroughWorker.ts)
 * and never reads those bodies: the driver sees their answers come but never sees them end, so its own
 * "network idle" (puppeteer's waitForNetworkIdle) waited its full 8 s on about a third of the pages. An
 * answer the worker gives counts as the end here; any other request still has to end, but the browser's
 * own request for the tab's icon (/favicon.ico, outside the page's DOM), which at times never ends either.
 */
async function gotoQuiet(page: Page, url: string): Promise<void> {
  const pending = new Set<HTTPRequest>();
  let changed = Date.now();
  const start = (r: HTTPRequest) => {
    if (new URL(r.url()).pathname === '/favicon.ico') return;
    pending.add(r);
    changed = Date.now();
  };
  const end = (r: HTTPRequest) => {
    if (pending.delete(r)) changed = Date.now();
  };
  const answered = (res: HTTPResponse) => {
    if (res.fromServiceWorker()) end(res.request());
  };
  page.on('request', start).on('requestfinished', end).on('requestfailed', end).on('response', answered);
  try {
    await page.goto(url, { waitUntil: 'load' });
    const deadline = Date.now() + 8_000;
    while (Date.now() < deadline && (pending.size > 0 || Date.now() - changed < 500))
      await new Promise((r) => setTimeout(r, 50));
  } finally {
    page.off('request', start).off('requestfinished', end).off('requestfailed', end).off('response', answered);
  }
}

async function open(path: string, token: string | null): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  if (token) {
    await page.goto(`${baseUrl()}/logo.svg`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
  }
  await gotoQuiet(page, `${baseUrl()}${path}`);
  return page;
}

/** One state of a page: its name in the report, and what brings the page into it (nothing: as it loads). */
interface State {
  name: string;
  /** Brings the page into the state; false when the page has no such state (no dropdown). */
  enter?: (page: Page) => Promise<boolean | void>;
  /** Takes the page back to where the next state starts (a dropdown closed). */
  leave?: (page: Page) => Promise<void>;
}

const AS_IT_LOADS: State = { name: 'as it loads' };

/**
 * One load of the page, scanned in each state in turn: the page is loaded once for all its states (the
 * dropdown closed again before the dialog opens) rather than once per state. Returns the violations, each
 * line naming the page, the account and the state, and the states scanned.
 */
async function scanStates(
  path: string,
  role: string,
  token: string | null,
  states: State[],
): Promise<{ found: string[]; scanned: string[] }> {
  const page = await open(path, token);
  const found: string[] = [];
  const scanned: string[] = [];
  try {
    for (const state of states) {
      if ((await state.enter?.(page)) === false) continue;
      const where = `${path} (${role}, ${state.name})`;
      found.push(...[...(await violations(page)), ...(await nestedControls(page))].map((v) => `${where}: ${v}`));
      scanned.push(where);
      await state.leave?.(page);
    }
    return { found, scanned };
  } finally {
    await page.browserContext().close();
  }
}

/** Single-state scan of a page (the Directeur's scenarios below). */
async function scan(path: string, token: string | null, act?: (page: Page) => Promise<void>): Promise<string[]> {
  const { found } = await scanStates(path, 'Directeur', token, [
    { name: 'after its scenario', enter: async (page) => void (await act?.(page)) },
  ]);
  return found;
}

/**
 * Runs the visits two at a time in the one browser, each in its own context: while one page loads or
 * waits for its network to be quiet, the other is scanned. Results keep the visits' order.
 */
async function inPool<T, R>(items: T[], run: (item: T) => Promise<R>, size = 2): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}

/** Opens the page's first enabled dropdown; false when it has none. */
async function openDropdown(page: Page): Promise<boolean> {
  const dropdown = await page.$('main .p-dropdown:not(.p-disabled)');
  if (!dropdown) return false;
  await dropdown.click();
  await page.waitForSelector('.p-dropdown-panel');
  return true;
}

/** Closes the open dropdown as a keyboard user would, so that the next state starts from the page as loaded. */
async function closeDropdown(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForSelector('.p-dropdown-panel', { hidden: true });
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
  it('on every route as the Admin: as it loads, with its first dropdown open, with a dialog open', async () => {
    let dropdowns = 0;
    const dropdownOpen: State = {
      name: 'first dropdown open',
      enter: async (page) => {
        const opened = await openDropdown(page);
        if (opened) dropdowns++;
        return opened;
      },
      leave: closeDropdown,
    };
    const visits = [...paths.filter((p) => p !== '/login'), productEdit];
    const results = await inPool(visits, (path) =>
      scanStates(path, 'Admin', admin, [
        AS_IT_LOADS,
        dropdownOpen,
        { name: 'dialog open', enter: (page) => openDialog(page, path) },
      ]),
    );
    // The scan would prove nothing if no page had opened a dropdown, or a state had been left out.
    expect(dropdowns).toBeGreaterThan(3);
    expect(results.reduce((n, r) => n + r.scanned.length, 0)).toBe(visits.length * 2 + dropdowns);
    expect(results.flatMap((r) => r.found)).toEqual([]);
  }, 900_000);

  it('on every route as the Vendeur as it loads, his dashboard with a dropdown open and his customer with its delete dialog open; the sign-in and viewer pages', async () => {
    const customer = paths.find((p) => /^\/customers\/\d+$/.test(p))!;
    const vendeurStates = (path: string): State[] => {
      if (path === '/dashboard')
        return [
          AS_IT_LOADS,
          {
            name: 'dropdown open',
            enter: async (page) => {
              await page.waitForSelector('.p-dropdown');
              await page.click('.p-dropdown');
              await page.waitForSelector('.p-dropdown-panel');
            },
          },
        ];
      if (path === customer)
        return [
          AS_IT_LOADS,
          {
            name: 'delete dialog open',
            enter: async (page) => {
              await (await page.waitForSelector('::-p-text(Supprimer)'))!.click();
              await page.waitForSelector('.p-dialog');
            },
          },
        ];
      return [AS_IT_LOADS];
    };
    const visits: Array<[string, string, string | null, State[]]> = [
      ...paths.map((p): [string, string, string | null, State[]] =>
        p === '/login' ? [p, 'nobody', null, [AS_IT_LOADS]] : [p, 'Vendeur', vendeur, vendeurStates(p)],
      ),
      [viewerPage, 'nobody', null, [AS_IT_LOADS]],
    ];
    const results = await inPool(visits, ([path, role, token, states]) => scanStates(path, role, token, states));
    expect(results.reduce((n, r) => n + r.scanned.length, 0)).toBe(visits.length + 2);
    expect(results.flatMap((r) => r.found)).toEqual([]);
  }, 900_000);

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
});
