// ASVS 7.2 / 16.x: every sign-in attempt and every refused authorisation is logged, structured, and no log
// line carries a password, a token or a password hash. The server's own logger is captured.
import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/app';

const lines: Array<Record<string, unknown>> = [];
const raw: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      raw.push(line);
      lines.push(JSON.parse(line));
    }
    done();
  },
});

let t: TestApp;
const WRONG = 'Mauvais!Secret42';
const NEW_PASSWORD = 'Changé!Secret2026';
const tokens: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream } });
  await t.app.inject({
    method: 'POST',
    url: '/api/Auth/backoffice/login',
    payload: { mail: 'manager@demo.fr', password: WRONG },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/Auth/backoffice/login',
    payload: { mail: 'personne@demo.fr', password: WRONG },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/Auth/backoffice/login',
    payload: { mail: 'attente@demo.fr', password: DEMO_PASSWORD },
  });
  const vendeur = await t.login('vendeur@demo.fr');
  const admin = await t.login('admin@demo.fr');
  tokens.push(vendeur, admin);
  await t.call('GET', '/api/User/current', null);
  await t.call('GET', '/api/User/current', `${vendeur}x`);
  await t.call('POST', '/api/Licence', vendeur, { UserId: 1, TypeLicenceId: 1, LicenceKey: 'X' });
  const users = (await t.call('GET', '/api/User', admin)).json().$values as Array<{ userId: number; mail: string }>;
  const target = users.find((u) => u.mail === 'vendeur2@demo.fr')!;
  expect(
    (await t.call('PUT', `/api/User/${target.userId}/password`, admin, { newPassword: NEW_PASSWORD })).statusCode,
  ).toBe(204);
});
afterAll(() => t.close());

const events = (name: string) => lines.filter((l) => l.event === name);

describe('security logs', () => {
  it('logs every sign-in attempt: failures (unknown mail too), refusals and successes', () => {
    expect(events('login.failed').map((l) => l.mail)).toEqual(
      expect.arrayContaining(['manager@demo.fr', 'personne@demo.fr']),
    );
    expect(events('login.refused')).toHaveLength(1);
    expect(events('login.ok').length).toBeGreaterThanOrEqual(2);
  });

  it('logs refused authorisations: no token, a bad token, a role that may not act', () => {
    const reasons = events('authz.refused').map((l) => l.reason);
    // A role refusal names the permission it lacks (docs/permissions.md).
    expect(reasons).toEqual(expect.arrayContaining(['no token', 'invalid token', 'licence.manage']));
  });

  it('never logs a password, a token, a hash or an authorization header', () => {
    const all = raw.join('\n');
    expect(all.length).toBeGreaterThan(0);
    for (const secret of [WRONG, DEMO_PASSWORD, NEW_PASSWORD, ...tokens]) expect(all).not.toContain(secret);
    expect(all).not.toContain('$argon2');
    expect(all.toLowerCase()).not.toContain('bearer ');
    expect(all).not.toMatch(/"password"\s*:/i);
  });
});
