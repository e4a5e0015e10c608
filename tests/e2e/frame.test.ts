// Sign-in, the guard and the navigation frame, in Chromium through npm start's server.
import { createHash } from 'node:crypto';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PASSWORD, newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

describe('sign-in', () => {
  it('admin@demo.fr signs in and reaches /dashboard with his name and role in the frame', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, 'admin@demo.fr');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await expect(page.getByTestId('user-name').textContent()).resolves.toBe('Alice Martin');
    await expect(page.getByTestId('user-role').textContent()).resolves.toBe('Admin');
    expect(await page.locator('.sidebar-footer .avatar').textContent()).toBe('AM');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    // The active link follows the path.
    expect(await page.locator('a.nav-link.active').textContent()).toContain('Dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a wrong password shows "Failed to login" in the red alert', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/login');
    expect(await page.locator('h1').textContent()).toBe('Connexion');
    await page.fill('#email', 'manager@demo.fr');
    await page.fill('#password', 'pas-le-bon');
    await page.click('button[type=submit]');
    const alert = page.locator('.login-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Failed to login');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('the password toggle shows and hides the password', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/login');
    await page.fill('#password', 'secret');
    expect(await page.getAttribute('#password', 'type')).toBe('password');
    await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
    expect(await page.getAttribute('#password', 'type')).toBe('text');
    await page.getByRole('button', { name: 'Masquer le mot de passe' }).click();
    expect(await page.getAttribute('#password', 'type')).toBe('password');
    await context.close();
  });

  it('attente@demo.fr opens the licence modal with its exact text; both close buttons close it', async () => {
    const { page, context } = await newPage(browser);
    const submit = async () => {
      await page.fill('#email', 'attente@demo.fr');
      await page.fill('#password', DEMO_PASSWORD);
      await page.click('button[type=submit]');
    };
    await page.goto('/login');
    await submit();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('.p-dialog-title').textContent()).toBe('Activation de la licence');
    expect(await dialog.locator('.p-dialog-content').textContent()).toBe(
      "Votre licence n'est pas activé. Visio3D contrôle actuellement les informations que vous avez transmis.",
    );
    expect(await page.locator('.login-error').textContent()).toContain('Licence non activée');
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await submit();
    await dialog.waitFor();
    await dialog.locator('.p-dialog-header-close').click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('a phone sees "Accès restreint" instead of the form', async () => {
    const { page, context } = await newPage(browser, {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto('/login');
    await page.getByText('Accès restreint').waitFor();
    expect(await page.locator('#email').count()).toBe(0);
    expect(await page.getByRole('alert').textContent()).toContain('PC ou Mac');
    await context.close();
  });
});

describe('the frame', () => {
  it("vendeur@demo.fr's Clients badge reads 9+", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');
    const badge = page.locator('a.nav-link', { hasText: 'Clients' }).locator('.nav-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('9+');
    expect(await page.getByText('Plateforme de gestion').count()).toBe(1);
    expect(await page.locator('.nav-link.disabled').allTextContents()).toEqual(['ParamètresBientôt']);
    expect(await page.locator('a.nav-link[href="/catalogue"]').textContent()).toBe('Catalogue');
    await context.close();
  });

  it('logout returns to /login and the token is gone; the old token no longer works', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'manager@demo.fr');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    // Logout reloads the page (spec): wait for that load, then for the login page.
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Se déconnecter' }).click()]);
    await page.waitForURL('**/login');
    await page.locator('#email').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const res = await page.request.get('/api/User/current', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
    await context.close();
  });

  it('an unknown path goes to /login signed out and to /dashboard signed in', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/nimporte-quoi');
    await page.waitForURL('**/login');
    await page.goto('/customers');
    await page.waitForURL('**/login');
    await signIn(page, 'directeur@demo.fr');
    await page.goto('/nimporte-quoi');
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('a token wiped by a 401 sends the user back to /login with storage cleared', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('token', 'forged.token.value');
      localStorage.setItem('other', 'x');
    });
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await context.close();
  });

  it("the dashboard's native buttons are in the page's font, not the browser's own", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'admin@demo.fr');
    await page.locator('button.chart-export').first().waitFor();
    const others = await page.evaluate(() => {
      const font = getComputedStyle(document.body).fontFamily;
      return [...document.querySelectorAll('button, input, select, textarea')]
        .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).fontFamily !== font)
        .filter((el) => !el.closest('.p-component'))
        .map((el) => `${el.tagName} ${el.className}: ${getComputedStyle(el).fontFamily}`);
    });
    expect(others).toEqual([]);
    await context.close();
  });
});

describe('the frame before the page', () => {
  // The page's code is held (no service worker: every request goes through the test's routes).
  it("shows the frame while the page's code is on its way, then the page; a page whose code fails, inside the frame", async () => {
    const { page, context, errors } = await newPage(browser, { serviceWorkers: 'block' });
    await signIn(page, 'vendeur@demo.fr');
    const release = await holdChunk(page, 'DashboardPage');
    await page.reload();
    await page.getByText('Se déconnecter').waitFor();
    await page.getByRole('status').filter({ hasText: 'Chargement de la page…' }).waitFor({ state: 'attached' });
    expect(await page.locator('.stat-card').count()).toBe(0);
    await release();
    await page.locator('.stat-card').first().waitFor();
    expect(await page.getByText('Chargement de la page…').count()).toBe(0);

    await page.route(/\/assets\/DashboardPage-[^/]+\.js$/, (route) => route.abort());
    await page.reload();
    await page.getByText("Cette page n'a pas pu être chargée").waitFor();
    await page.getByText('Se déconnecter').waitFor();
    expect(await page.locator('.sidebar a.nav-link').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  // React Router warns (console.warn and an Error made for its stack, in the first render's task) when a
  // route's code is loading and no route has a HydrateFallback: every signed-in load did (src/app/router.tsx).
  it('a signed-in load writes no warning or error to the console', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') logged.push(`${m.type()}: ${m.text()}`);
    });
    await page.reload();
    await page.locator('.stat-card').first().waitFor();
    await page.locator('[data-drawn-for]').waitFor({ state: 'attached' });
    expect(logged).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Holds a chunk of the app (`main`: its first script) until the returned function is called. */
async function holdChunk(page: Page, name: string): Promise<() => Promise<void>> {
  const pattern = new RegExp(`/assets/${name}-[^/]+\\.js$`);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    // A request the page dropped meanwhile (it navigated on) is already handled.
    await route.continue().catch(() => undefined);
  });
  return async () => {
    release();
    await page.unroute(pattern);
  };
}

const booting = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('booting'));

/**
 * Waits for the shell's stylesheets. The browser paints nothing before them, but a box or a visibility read
 * meanwhile is of the unstyled page: a CI run under load read the drawn card at the body's 8 px margin.
 */
const styled = (page: Page) =>
  page.waitForFunction(
    () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
    undefined,
    { polling: 50 },
  );

describe("the frame's bars drawn before any script", () => {
  // index.html draws them on a signed-in visit (src/app/bootFrame.ts); its inline script runs under the CSP
  // by its hash, which a refusal in the console would show.
  it('a signed-in visit shows them while the scripts load, then the frame in their place', async () => {
    const { page, context, errors } = await newPage(browser, { serviceWorkers: 'block' });
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await signIn(page, 'vendeur@demo.fr');
    const release = await holdChunk(page, 'main');
    await page.reload({ waitUntil: 'commit' });
    const drawn = page.locator('#boot-frame .sidebar');
    await drawn.waitFor();
    await styled(page);
    expect(await booting(page)).toBe(true);
    expect(await drawn.boundingBox()).toEqual({ x: 0, y: 0, width: 250, height: 900 });
    expect(await drawn.textContent()).toContain('Plateforme de gestion');
    expect(await page.locator('#root').innerHTML()).toBe('');
    await release();
    await page.getByText('Se déconnecter').waitFor();
    expect(await page.locator('#boot-frame').count()).toBe(0);
    expect(await booting(page)).toBe(false);
    expect(await page.locator('.sidebar').boundingBox()).toEqual({ x: 0, y: 0, width: 250, height: 900 });
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the shell's inline scripts are the ones the CSP allows by their hash", async () => {
    const { page, context } = await newPage(browser);
    const shell = await page.request.get('/dashboard');
    const inline = [...(await shell.text()).matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toHaveLength(1);
    const scriptSrc = String(shell.headers()['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src '));
    for (const text of inline)
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    await context.close();
  });

  it('not on the sign-in page nor without a session; a session ended on the server leaves for the sign-in page without them', async () => {
    const { page, context, errors } = await newPage(browser, { serviceWorkers: 'block' });
    let release = await holdChunk(page, 'main');
    await page.goto('/dashboard', { waitUntil: 'commit' });
    // Attached: the head's script has run.
    await page.locator('#boot-frame').waitFor({ state: 'attached' });
    await styled(page);
    expect(await booting(page)).toBe(false);
    expect(await page.locator('#boot-frame').isVisible()).toBe(false);
    await release();
    await page.locator('#email').waitFor();

    await page.evaluate(() => localStorage.setItem('token', 'jeton-expire'));
    release = await holdChunk(page, 'main');
    await page.goto('/login', { waitUntil: 'commit' });
    await page.locator('#boot-frame').waitFor({ state: 'attached' });
    expect(await booting(page)).toBe(false);
    await release();
    await page.locator('#email').waitFor();

    await page.evaluate(() => localStorage.setItem('token', 'jeton-expire'));
    release = await holdChunk(page, 'main');
    await page.goto('/customers', { waitUntil: 'commit' });
    await page.locator('#boot-frame .sidebar').waitFor();
    await release();
    await page.locator('#email').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await booting(page)).toBe(false);
    expect(await page.locator('#boot-frame').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the sign-in page of a phone drawn before any script', () => {
  const phone = {
    serviceWorkers: 'block' as const,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  };
  const restricted = (page: Page) =>
    page.evaluate(() => document.documentElement.classList.contains('booting-restricted'));
  /** The card's texts and box, the shell's or React's (src/features/auth/LoginPage.tsx). */
  const card = (page: Page, root: string) =>
    page.locator(root).evaluate((el) => {
      const text = (s: string) => el.querySelector(s)?.textContent?.trim() ?? null;
      const box = el.querySelector('.login-card')!.getBoundingClientRect();
      return {
        texts: [text('h1'), text('.login-subtitle'), text('.restricted h2'), text('.restricted p')],
        icon: el.querySelector('.restricted .pi')?.className ?? null,
        box: { x: box.x, y: box.y, width: box.width },
      };
    });

  it('a phone without a session sees "Accès restreint" while the scripts load, then the same card from React', async () => {
    const { page, context, errors } = await newPage(browser, phone);
    const release = await holdChunk(page, 'main');
    await page.goto('/login', { waitUntil: 'commit' });
    await page.locator('#boot-login .restricted').waitFor();
    await styled(page);
    expect(await restricted(page)).toBe(true);
    expect(await page.locator('#root').innerHTML()).toBe('');
    const drawn = await card(page, '#boot-login');
    await release();
    await page.getByRole('alert').waitFor();
    expect(await page.locator('#boot-login').count()).toBe(0);
    expect(await restricted(page)).toBe(false);
    // The same words, icon and place: React's card takes the drawn one's place without a jump.
    const rendered = await card(page, '#contenu');
    expect(drawn.texts).toEqual(rendered.texts);
    expect(drawn.texts.every((t) => t !== null && t.length > 0)).toBe(true);
    expect(drawn.icon).toBe(rendered.icon);
    expect(drawn.box).toEqual(rendered.box);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('not on a desktop, nor on a phone with a session or on another page', async () => {
    for (const [options, path, token] of [
      [{ serviceWorkers: 'block' as const }, '/login', false],
      [phone, '/login', true],
      [phone, '/dashboard', false],
    ] as const) {
      const { page, context, errors } = await newPage(browser, options);
      if (token) {
        await page.goto('/logo.svg');
        await page.evaluate(() => localStorage.setItem('token', 'jeton-expire'));
      }
      const release = await holdChunk(page, 'main');
      await page.goto(path, { waitUntil: 'commit' });
      // Attached: the head's script has run.
      await page.locator('#boot-login').waitFor({ state: 'attached' });
      await styled(page);
      expect(await restricted(page), `${path}, ${options === phone ? 'phone' : 'desktop'}`).toBe(false);
      expect(await page.locator('#boot-login').isVisible()).toBe(false);
      await release();
      await page.locator('#contenu').waitFor();
      expect(await page.locator('#boot-login').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
