// The mailed reports and alerts end to end (docs/notifications.md): a Directeur subscribes through the API,
// the job runs at an injected "Monday 08:00 in Europe/Paris", a real SMTP server receives the report with
// the figures computed here from the events written for that week, the unsubscribe link ends it, nothing is
// sent twice (a second tick, a restarted app on the same database), and a stopped collection is alerted.
import { like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { changeLabel, changePercent, percent, rateChange } from '#domain/analytics/rules';
import { formatNumber } from '#domain/format';

import { buildApp } from '../../server/app';
import { mailOutbox, productEvents } from '../../server/db/schema';
import { NOTIFICATIONS_LOCK } from '../../server/notifications/tickLock';
import { signedInCompany } from '../helpers/analyticsCompany';
import { createTestApp, type TestApp } from '../helpers/app';
import { parseMail } from '../helpers/rawMail';
import { type SmtpCatcher, startSmtpCatcher } from '../helpers/smtpCatcher';

const SECRET = 'test-secret-for-tests-only-0123456789';
const PUBLIC_URL = 'https://visio3d.example';
// Monday 1 April 2030, 08:00 in Paris (CEST, UTC+2). The week reported, 25 to 31 March, holds the change to
// summer time: it runs from 24 March 23:00 UTC (00:00 CET) to 31 March 22:00 UTC (00:00 CEST).
const MONDAY_8 = new Date('2030-04-01T06:00:00Z');
const WEEK = { from: Date.parse('2030-03-24T23:00:00Z'), to: Date.parse('2030-03-31T22:00:00Z') };
const PREVIOUS = { from: Date.parse('2030-03-17T23:00:00Z'), to: WEEK.from };

let smtp: SmtpCatcher;
let t: TestApp;
let token: string;
let companyId: number;
let products: number[];

type Ev = { produitId: number; at: string; session: string; c?: boolean; i?: boolean; ar?: boolean; conv?: boolean };
const written: Ev[] = [];

async function write(events: Ev[]) {
  written.push(...events);
  await t.database.db.insert(productEvents).values(
    events.map((e) => ({
      produitId: e.produitId,
      userSessionId: e.session,
      timestamp: new Date(e.at),
      consultation: !!e.c,
      iframeInteraction: !!e.i,
      arTry: !!e.ar,
      conversion: !!e.conv,
    })),
  );
}

/** The dashboard's four figures in "Nombre total d'événements" (docs/dashboard.md), counted here by hand. */
function figures(range: { from: number; to: number }) {
  const inside = written.filter((e) => Date.parse(e.at) >= range.from && Date.parse(e.at) < range.to);
  const n = (f: (e: Ev) => boolean | undefined) => inside.filter(f).length;
  return {
    consultations: n((e) => e.c),
    interactions: n((e) => e.i),
    arTries: n((e) => e.ar),
    conversion: { part: n((e) => e.conv), whole: inside.length },
  };
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({
    mail: { smtpUrl: smtp.url, from: 'Visio3D <rapports@visio3d.example>', publicUrl: PUBLIC_URL },
    notificationTimer: false,
  });
  ({ token, companyId, productIds: products } = await signedInCompany(t, 'directeur@demo.fr'));
  const [a, b, c, d, e, f] = products;
  await write([
    // The week reported, edges included in the company's zone.
    { produitId: a, at: '2030-03-24T23:30:00Z', session: 's1', c: true },
    { produitId: a, at: '2030-03-26T10:00:00Z', session: 's2', c: true, i: true },
    { produitId: a, at: '2030-03-26T10:01:00Z', session: 's2', c: true, ar: true, conv: true },
    { produitId: b, at: '2030-03-27T09:00:00Z', session: 's3', c: true, i: true },
    { produitId: b, at: '2030-03-28T09:00:00Z', session: 's4', c: true },
    { produitId: c, at: '2030-03-29T09:00:00Z', session: 's5', c: true, i: true, ar: true },
    { produitId: d, at: '2030-03-30T09:00:00Z', session: 's6', c: true },
    { produitId: e, at: '2030-03-31T09:00:00Z', session: 's7', c: true },
    { produitId: f, at: '2030-03-31T12:00:00Z', session: 's8', c: true },
    { produitId: f, at: '2030-03-31T13:00:00Z', session: 's9', c: true },
    { produitId: f, at: '2030-03-31T14:00:00Z', session: 's10', conv: true },
    // Monday 1 April 00:30 CEST: the next week, not this report's.
    { produitId: a, at: '2030-03-31T22:30:00Z', session: 's11', c: true, i: true },
    // The week before (Sunday 24 March 23:30 CET is its last hour).
    { produitId: a, at: '2030-03-24T22:30:00Z', session: 's12', c: true, i: true },
    { produitId: b, at: '2030-03-20T09:00:00Z', session: 's13', c: true, conv: true },
    { produitId: b, at: '2030-03-21T09:00:00Z', session: 's14', c: true, ar: true },
  ]);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the weekly report', () => {
  it('is off until asked for; the Directeur turns it on through the API', async () => {
    const before = await t.call('GET', '/api/Notifications/subscriptions', token);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      weeklyReport: false,
      alerts: false,
      mail: 'directeur@demo.fr',
      sendingEnabled: true,
    });
    const put = await t.call('PUT', '/api/Notifications/subscriptions', token, { weeklyReport: true, alerts: false });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ weeklyReport: true, alerts: false });
    expect((await t.call('PUT', '/api/Notifications/subscriptions', token, { weeklyReport: 'oui' })).statusCode).toBe(
      400,
    );
    expect((await t.call('GET', '/api/Notifications/subscriptions', null)).statusCode).toBe(401);
  });

  it('is not due on Monday before 08:00 in the company’s zone', async () => {
    expect(await t.app.notifications.tick(new Date('2030-04-01T05:59:00Z'))).toMatchObject({ reports: 0, sent: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('arrives on Monday 08:00 Europe/Paris, in French, with the week’s figures against the week before', async () => {
    // The chart's notes of the week go in the report; one of the Sunday before does not.
    const note = (jour: string, texte: string, idGroupeModel?: number) =>
      t.call('POST', `/api/Annotation/Entreprise/${companyId}`, token, { jour, texte, idGroupeModel });
    expect((await note('2030-03-27', 'Campagne Instagram')).statusCode).toBe(201);
    expect((await note('2030-03-25', 'Nouveau modèle 3D', products[0])).statusCode).toBe(201);
    expect((await note('2030-03-24', 'Note de la semaine précédente')).statusCode).toBe(201);
    const result = await t.app.notifications.tick(MONDAY_8);
    expect(result).toMatchObject({ reports: 1, sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0];
    expect(got.to).toEqual(['directeur@demo.fr']);
    expect(got.from).toBe('rapports@visio3d.example');
    const mail = parseMail(got.raw);
    expect(mail.subject).toBe('Votre rapport hebdomadaire Visio3D — semaine du 25 mars 2030');

    const now = figures(WEEK);
    const before = figures(PREVIOUS);
    // What was written: the counts are known, so that a wrong week edge shows here first.
    expect(now).toEqual({ consultations: 10, interactions: 3, arTries: 2, conversion: { part: 2, whole: 11 } });
    expect(before).toEqual({ consultations: 3, interactions: 1, arTries: 1, conversion: { part: 1, whole: 3 } });
    const line = (label: string, value: string, previous: string, change: string) =>
      `${label} : ${value} (semaine précédente : ${previous}, évolution : ${change})`;
    const n = formatNumber;
    const rate = (r: { part: number; whole: number }) => `${n(percent(r.part, r.whole))}\u00a0%`;
    for (const expected of [
      line('Nombre de consultation du modèle', n(10), n(3), changeLabel(changePercent(10, 3))),
      line('Interactions 3D', n(3), n(1), changeLabel(changePercent(3, 1))),
      line('Essais AR', n(2), n(1), changeLabel(changePercent(2, 1))),
      line(
        'Taux de conversion',
        rate(now.conversion),
        rate(before.conversion),
        changeLabel(rateChange(now.conversion, before.conversion)),
      ),
    ])
      expect(mail.text).toContain(expected);
    expect(mail.text).toContain(
      'Taux de conversion : 18\u00a0% (semaine précédente : 33\u00a0%, évolution : −45\u00a0%)',
    );

    // The five most consulted: a (3), then b and f (2), then two of c, d, e (1 each, by name); one is left out.
    const top = /Produits les plus consultés :\n([\s\S]*?)\n\n/.exec(mail.text)![1].split('\n');
    expect(top.map((l) => / : (\d+) consultation\(s\)$/.exec(l)?.[1])).toEqual(['3', '2', '2', '1', '1']);
    expect(top[0]).toMatch(/^1\. /);

    expect(mail.text).toContain(
      `${PUBLIC_URL}/dashboard?entreprise=${companyId}&periode=custom&du=2030-03-25&au=2030-03-31&comparer=1`,
    );
    const notes = /Notes de la semaine :\n([\s\S]*?)\n\n/.exec(mail.text)![1].split('\n');
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^- 25 mars 2030 : Nouveau modèle 3D \(.+\)$/);
    expect(notes[1]).toBe('- 27 mars 2030 : Campagne Instagram');
    expect(mail.html).toContain('Notes de la semaine');
    expect(mail.text).not.toContain('Note de la semaine précédente');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('Nombre de consultation du modèle');
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.headers.get('list-unsubscribe')).toMatch(
      /^<https:\/\/visio3d\.example\/api\/Notifications\/unsubscribe\/[^>]+>$/,
    );
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('is not sent twice: by a second tick, nor by a restarted app on the same database', async () => {
    expect(await t.app.notifications.tick(new Date(MONDAY_8.getTime() + 60_000))).toMatchObject({
      reports: 0,
      sent: 0,
    });
    const restarted = await buildApp({
      db: t.database.db,
      jwtSecret: SECRET,
      filesDir: t.filesDir,
      mail: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL },
      notificationTimer: false,
    });
    try {
      expect(await restarted.notifications.tick(new Date(MONDAY_8.getTime() + 120_000))).toMatchObject({
        reports: 0,
        sent: 0,
      });
    } finally {
      await restarted.close();
    }
    expect(smtp.received).toHaveLength(1);
  });

  it('stops through its unsubscribe link, without signing in; a forged link is refused with a page', async () => {
    const link = /<([^>]+)>/.exec(parseMail(smtp.received[0].raw).headers.get('list-unsubscribe')!)![1];
    const path = new URL(link).pathname;
    expect(parseMail(smtp.received[0].raw).text).toContain(link);
    const forged = path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const refused = await t.app.inject({ method: 'GET', url: forged, headers: { accept: 'text/html' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain('Lien invalide');
    expect((await t.call('GET', '/api/Notifications/subscriptions', token)).json().weeklyReport).toBe(true);

    const page = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Désinscription confirmée');
    expect(page.body).toContain('le rapport hebdomadaire');
    expect((await t.call('GET', '/api/Notifications/subscriptions', token)).json()).toMatchObject({
      weeklyReport: false,
    });
    // The next Monday: nothing for him.
    expect(await t.app.notifications.tick(new Date('2030-04-08T06:00:00Z'))).toMatchObject({ reports: 0, sent: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('one-click unsubscribe (RFC 8058) answers the mail client’s POST', async () => {
    await t.call('PUT', '/api/Notifications/subscriptions', token, { weeklyReport: true, alerts: false });
    const link = /<([^>]+)>/.exec(parseMail(smtp.received[0].raw).headers.get('list-unsubscribe')!)![1];
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.call('GET', '/api/Notifications/subscriptions', token)).json().weeklyReport).toBe(false);
  });
});

describe('the alerts', () => {
  it('"Collecte interrompue": a product with visits each of the 7 days before, none for 24 h, alerted once that day', async () => {
    await t.call('PUT', '/api/Notifications/subscriptions', token, { weeklyReport: false, alerts: true });
    const product = products[6];
    // 3 to 9 April, 08:00 UTC: one event in each 24-hour window of the week before 9 April 09:00.
    await write(
      Array.from({ length: 7 }, (_, i) => ({
        produitId: product,
        at: `2030-04-0${3 + i}T08:00:00Z`,
        session: `live${i}`,
        c: true,
      })),
    );
    const sent = smtp.received.length;
    // The day after the last visit, before 24 h have passed: nothing yet.
    expect(await t.app.notifications.tick(new Date('2030-04-10T07:59:00Z'))).toMatchObject({ alerts: 0 });
    const result = await t.app.notifications.tick(new Date('2030-04-10T09:00:00Z'));
    expect(result).toMatchObject({ alerts: 1, sent: 1 });
    expect(smtp.received).toHaveLength(sent + 1);
    const mail = parseMail(smtp.received[sent].raw);
    expect(smtp.received[sent].to).toEqual(['directeur@demo.fr']);
    expect(mail.subject).toMatch(/^Alerte Visio3D : Collecte interrompue — /);
    expect(mail.text).toContain("n'en a reçu aucune depuis 24 heures");
    expect(mail.text).toContain(`${PUBLIC_URL}/dashboard?entreprise=${companyId}&produit=${product}`);
    expect(mail.headers.get('list-unsubscribe')).toContain('/api/Notifications/unsubscribe/');
    // Later the same day: at most once per day per product and kind.
    expect(await t.app.notifications.tick(new Date('2030-04-10T15:00:00Z'))).toMatchObject({ alerts: 0, sent: 0 });
    expect(smtp.received).toHaveLength(sent + 1);
  });

  it('a failed send is retried later, then sent once', async () => {
    const product = products[7];
    await write(
      Array.from({ length: 7 }, (_, i) => ({
        produitId: product,
        at: `2030-05-0${2 + i}T08:00:00Z`,
        session: `later${i}`,
        c: true,
      })),
    );
    const sent = smtp.received.length;
    smtp.refuseNext(1);
    const at = new Date('2030-05-09T09:00:00Z');
    expect(await t.app.notifications.tick(at)).toMatchObject({ alerts: 1, sent: 0, failed: 1 });
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.periodKey, `${product}:%`));
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    expect(row.lastError).toBeTruthy();
    // Within the minute of back-off: not yet.
    expect(await t.app.notifications.tick(new Date(at.getTime() + 30_000))).toMatchObject({ sent: 0, failed: 0 });
    expect(await t.app.notifications.tick(new Date(at.getTime() + 61_000))).toMatchObject({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(sent + 1);
    expect(parseMail(smtp.received[sent].raw).subject).toMatch(/Collecte interrompue/);
  });
});

describe('"Chute de fréquentation"', () => {
  it('visitors of the last 7 days under half of the four weeks before: alerted, with both figures', async () => {
    const product = products[9];
    const now = Date.parse('2030-07-15T09:00:00Z');
    const DAY = 86_400_000;
    // Four weeks before the last seven days: 25 visitors each week (a session seen twice counts once).
    const baseline = Array.from({ length: 4 }, (_, week) =>
      Array.from({ length: 25 }, (_, i) => ({
        produitId: product,
        at: new Date(now - (8 + week * 7) * DAY - i * 60_000).toISOString(),
        session: `base${week}-${i}`,
        c: true,
      })),
    ).flat();
    // The last seven days: 5 visitors, all in the last day (no stopped collection), one of them twice.
    const recent = Array.from({ length: 6 }, (_, i) => ({
      produitId: product,
      at: new Date(now - 3_600_000 - i * 60_000).toISOString(),
      session: `recent${Math.min(i, 4)}`,
      c: true,
    }));
    await write([...baseline, ...recent]);
    const sent = smtp.received.length;
    expect(await t.app.notifications.tick(new Date(now))).toMatchObject({ alerts: 1, sent: 1 });
    const mail = parseMail(smtp.received[sent].raw);
    expect(mail.subject).toMatch(/^Alerte Visio3D : Chute de fréquentation — /);
    expect(mail.text).toContain('a reçu 5 visiteur(s) ces 7 derniers jours');
    expect(mail.text).toContain('(25 par semaine)');
    expect(await t.app.notifications.tick(new Date(now + 3_600_000))).toMatchObject({ alerts: 0, sent: 0 });
  });
});

// On PostgreSQL only: PGlite is one process per data directory, with no lock to share (docs/notifications.md).
describe.runIf(process.env.TEST_DATABASE_URL)('across instances (PostgreSQL)', () => {
  it('a tick while another instance holds the advisory lock does nothing; the next one sends', async () => {
    const product = products[8];
    await write(
      Array.from({ length: 7 }, (_, i) => ({
        produitId: product,
        at: `2030-06-0${2 + i}T08:00:00Z`,
        session: `held${i}`,
        c: true,
      })),
    );
    const sent = smtp.received.length;
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const other = await pool.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [NOTIFICATIONS_LOCK]);
      expect(await t.app.notifications.tick(new Date('2030-06-09T09:00:00Z'))).toBeNull();
      expect(smtp.received).toHaveLength(sent);
    } finally {
      await other.query('select pg_advisory_unlock($1)', [NOTIFICATIONS_LOCK]);
      other.release();
    }
    expect(await t.app.notifications.tick(new Date('2030-06-09T09:01:00Z'))).toMatchObject({ alerts: 1, sent: 1 });
    expect(smtp.received).toHaveLength(sent + 1);
  });
});
