// The mail notifications (docs/notifications.md): every role reads and writes his own subscriptions only
// (no record in the path); the unsubscribe link is public, its signed token the only key: a token signed for
// the principal's user works, a forged one answers 400, one signed for an unknown user changes nothing.
import { createHmac } from 'node:crypto';

import { alertsSent } from '../../../server/db/schema';
import { unsubscribeTokens } from '../../../server/notifications/unsubscribeTokens';
import type { Fixtures, Principal } from '../harness/fixtures';
import { TEST_SECRET } from '../harness/fixtures';
import { everyone, type MatrixEntry, type Req, type Target, UNKNOWN_ID } from './types';

const tokens = unsubscribeTokens(createHmac('sha256', TEST_SECRET).update('v3d:unsubscribe').digest());

const tokenFor = (userId: number, target: Target) =>
  target === 'own'
    ? tokens.sign(userId, 'report')
    : target === 'unknown'
      ? tokens.sign(UNKNOWN_ID, 'report')
      : `${userId}.report.${'A'.repeat(24)}`;

const unsubscribe = (method: 'GET' | 'POST'): MatrixEntry => ({
  route: `${method} /api/Notifications/unsubscribe/:token`,
  roles: everyone,
  public: true,
  record: true,
  expect: ({ target }) => (target === 'other' ? [400] : [200]),
  request: (_fx, { principal: p, target }): Req => {
    const url = `/api/Notifications/unsubscribe/${tokenFor(p.userId, target)}`;
    // An API client (no Accept: text/html) gets a refusal as the JSON error; a browser's page is in tests/api.
    if (method === 'GET') return { url };
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    return { url, payload: 'List-Unsubscribe=One-Click', headers };
  },
});

/** An alert raised for a product of the target's company (the job's row), for the banner's routes. */
async function alertOf(fx: Fixtures, p: Principal, target: Target) {
  if (target === 'unknown') return { produitId: UNKNOWN_ID, kind: 'alert_collection_stopped', day: '2026-12-01' };
  const produitId = await fx.groupe(target === 'own' ? fx.own(p) : fx.other(p));
  const alert = { produitId, kind: 'alert_collection_stopped', day: '2026-12-01' };
  await fx.db.insert(alertsSent).values(alert);
  return alert;
}

export const notificationEntries: MatrixEntry[] = [
  {
    route: 'GET /api/Notifications/subscriptions',
    roles: everyone,
    request: () => ({ url: '/api/Notifications/subscriptions' }),
  },
  {
    route: 'PUT /api/Notifications/subscriptions',
    roles: everyone,
    request: () => ({ url: '/api/Notifications/subscriptions', payload: { weeklyReport: true, alerts: false } }),
  },
  {
    route: 'GET /api/Notifications/alerts/Entreprise/:id',
    roles: everyone,
    request: (fx, c) => ({
      url: `/api/Notifications/alerts/Entreprise/${c.target === 'unknown' ? UNKNOWN_ID : fx.company[c.target === 'own' ? fx.own(c.principal) : fx.other(c.principal)]}`,
    }),
  },
  {
    route: 'POST /api/Notifications/alerts/read',
    roles: everyone,
    record: true,
    ok: [204],
    request: async (fx, c) => ({
      url: '/api/Notifications/alerts/read',
      payload: await alertOf(fx, c.principal, c.target),
    }),
  },
  unsubscribe('GET'),
  unsubscribe('POST'),
];
