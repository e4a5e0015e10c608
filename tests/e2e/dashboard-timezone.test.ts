// An Admin changes an existing company's reporting time zone from the dashboard's period card
// (docs/dashboard.md "Fuseau horaire"): the server stores it, the label follows, a reload keeps it; a
// Directeur only reads it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { choose } from '../helpers/dashboard';
import { baseUrl, DEMO_PASSWORD, newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
let token: string;
let company: { entrepriseId: number; nomEntreprise: string; timeZone: string };

async function api<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
  });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  browser = await openBrowser();
  const login = await fetch(`${baseUrl()}/api/Auth/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail: 'admin@demo.fr', password: DEMO_PASSWORD }),
  });
  token = ((await login.json()) as { token: string }).token;
  const list = (await api<{ $values: Array<typeof company> }>('/api/Entreprise')).$values;
  company = list.find((c) => c.nomEntreprise.startsWith('Atelier Bois'))!;
  expect(company.timeZone).toBe('Europe/Paris');
});
afterAll(async () => {
  // The shared e2e database keeps Paris for the other files.
  await api(`/api/Entreprise/${company.entrepriseId}`, {
    method: 'PUT',
    body: JSON.stringify({ timeZone: 'Europe/Paris' }),
  }).catch(() => undefined);
  await browser?.close();
});

describe('the reporting time zone', () => {
  it('an Admin changes it from the period card; the server keeps it', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, 'admin@demo.fr');
    await choose(page, 'dashboard-company', company.nomEntreprise);
    await page.getByText('Heure de Paris').waitFor();
    await page.getByRole('button', { name: 'Modifier le fuseau' }).click();
    await page.locator('.p-dropdown:has(#dashboard-timezone)').click();
    await page.locator('.p-dropdown-panel .p-dropdown-filter').fill('New_York');
    await page.locator('.p-dropdown-panel li[role="option"]', { hasText: 'America/New_York' }).first().click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Fuseau horaire : America/New_York').waitFor();
    expect((await api<{ timeZone: string }>(`/api/Entreprise/${company.entrepriseId}`)).timeZone).toBe(
      'America/New_York',
    );

    // A reload reads it back from the server.
    await page.reload();
    await page.getByText('Fuseau horaire : America/New_York').waitFor({ timeout: 60_000 });
    expect(errors).toEqual([]);
  });

  it('a Directeur reads the zone and has no way to change it', async () => {
    const { page } = await newPage(browser);
    await signIn(page, 'directeur@demo.fr');
    await page.getByText('Heure de Paris').waitFor();
    expect(await page.getByRole('button', { name: 'Modifier le fuseau' }).count()).toBe(0);
  });
});
