// The dashboard's alert banner (docs/notifications.md "On the dashboard"): an alert the job raised shows to
// every user of the product's company until each marks it read; another company's users never see it; an
// alert older than the banner's days is gone; bad input answers a French 400, an unknown alert 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ALERT_BANNER_DAYS } from '#domain/dashboardAlerts';

import { alertsSent, productEvents } from '../../server/db/schema';
import { signedInCompany } from '../helpers/analyticsCompany';
import { createTestApp, type TestApp } from '../helpers/app';
import { type SmtpCatcher, startSmtpCatcher } from '../helpers/smtpCatcher';

let smtp: SmtpCatcher;
let t: TestApp;
let directeur: string;
let manager: string;
let foreign: string;
let companyId: number;
let product: number;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({
    mail: { smtpUrl: smtp.url, from: 'Visio3D <alertes@visio3d.example>', publicUrl: 'https://visio3d.example' },
    notificationTimer: false,
  });
  ({
    token: directeur,
    companyId,
    productIds: [product],
  } = await signedInCompany(t, 'directeur@demo.fr'));
  manager = await t.login('manager@demo.fr');
  foreign = await t.login('vendeur@atelier-bois.fr');
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const alertsOf = async (token: string, id = companyId) => {
  const res = await t.call('GET', `/api/Notifications/alerts/Entreprise/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ alerts: Array<{ produitId: number; kind: string; day: string; produit: string }> }>().alerts;
};

describe('the alert banner', () => {
  it('shows the alert the job raised to each user of the company until he marks it read', async () => {
    const before = await alertsOf(directeur);
    // A collection that stopped: one visit in each of the 7 days before the last 24 hours (now, the real clock:
    // the banner keeps the last days of the company's calendar).
    const now = Date.now();
    await t.database.db.insert(productEvents).values(
      Array.from({ length: 7 }, (_, i) => ({
        produitId: product,
        userSessionId: `banner-${i}`,
        timestamp: new Date(now - (1.5 + i) * 86_400_000),
        consultation: true,
      })),
    );
    await t.call('PUT', '/api/Notifications/subscriptions', directeur, { weeklyReport: false, alerts: true });
    expect(await t.app.notifications.tick(new Date(now))).toMatchObject({ alerts: 1 });

    const shown = await alertsOf(directeur);
    expect(shown).toHaveLength(before.length + 1);
    const alert = shown.find((a) => a.produitId === product && a.kind === 'alert_collection_stopped')!;
    expect(alert).toBeDefined();
    expect(alert.produit).toBeTruthy();
    // Not subscribed to the mails, the Manager sees it on his dashboard too.
    expect(await alertsOf(manager)).toContainEqual(alert);

    const read = await t.call('POST', '/api/Notifications/alerts/read', directeur, {
      produitId: alert.produitId,
      kind: alert.kind,
      day: alert.day,
    });
    expect(read.statusCode, read.body).toBe(204);
    expect(await alertsOf(directeur)).not.toContainEqual(alert);
    // Read by one, still unread by the other; reading it twice changes nothing.
    expect(await alertsOf(manager)).toContainEqual(alert);
    const again = await t.call('POST', '/api/Notifications/alerts/read', directeur, {
      produitId: alert.produitId,
      kind: alert.kind,
      day: alert.day,
    });
    expect(again.statusCode).toBe(204);
  });

  it('never shows nor marks another company’s alerts', async () => {
    const [alert] = await alertsOf(manager);
    expect(alert).toBeDefined();
    const other = await t.call('GET', `/api/Notifications/alerts/Entreprise/${companyId}`, foreign);
    expect(other.statusCode).toBe(404);
    const mark = await t.call('POST', '/api/Notifications/alerts/read', foreign, {
      produitId: alert.produitId,
      kind: alert.kind,
      day: alert.day,
    });
    expect(mark.statusCode).toBe(404);
    expect(mark.json().detail).toBe('Alerte introuvable');
    expect(await alertsOf(manager)).toContainEqual(alert);
  });

  it(`drops an alert older than ${ALERT_BANNER_DAYS} days`, async () => {
    const old = dayOf(Date.now() - (ALERT_BANNER_DAYS + 1) * 86_400_000);
    const recent = dayOf(Date.now() - 2 * 86_400_000);
    await t.database.db.insert(alertsSent).values([
      { produitId: product, kind: 'alert_traffic_drop', day: old },
      { produitId: product, kind: 'alert_traffic_drop', day: recent },
    ]);
    const days = (await alertsOf(manager)).filter((a) => a.kind === 'alert_traffic_drop').map((a) => a.day);
    expect(days).toEqual([recent]);
  });

  it('answers bad input with a French message and an unknown alert with 404', async () => {
    const bad = await t.call('POST', '/api/Notifications/alerts/read', manager, {
      produitId: product,
      kind: 'alert_collection_stopped',
      day: '07/12/2026',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Date invalide (AAAA-MM-JJ attendu)');
    const noSuchDay = await t.call('POST', '/api/Notifications/alerts/read', manager, {
      produitId: product,
      kind: 'alert_collection_stopped',
      day: '2026-02-31',
    });
    expect(noSuchDay.statusCode).toBe(400);
    expect(noSuchDay.body).toContain('Date invalide (AAAA-MM-JJ attendu)');
    const unknown = await t.call('POST', '/api/Notifications/alerts/read', manager, {
      produitId: product,
      kind: 'alert_collection_stopped',
      day: '2020-01-01',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.call('GET', `/api/Notifications/alerts/Entreprise/${companyId}`, null)).statusCode).toBe(401);
  });
});
