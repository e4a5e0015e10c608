import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ throttle: { perAccountAddress: 3, perAddress: 6 } });
});
afterAll(() => t.close());

const login = (payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Auth/backoffice/login',
    payload: payload as object,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('POST /api/Auth/backoffice/login', () => {
  it('answers 200 with a token for a valid account', async () => {
    const res = await login({ mail: 'admin@demo.fr', password: 'Demo!2026pass' });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().token).toBe('string');
  });

  it('accepts the mail in any case and the route in any case', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/BACKOFFICE/login',
      payload: { mail: 'Vendeur@Demo.FR', password: 'Demo!2026pass' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers the same 401 for an unknown mail and a wrong password', async () => {
    const unknown = await login({ mail: 'personne@demo.fr', password: 'Demo!2026pass' });
    const wrong = await login({ mail: 'manager@demo.fr', password: 'mauvais' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 403 for a licence not activated and for a disabled user, only with the right password', async () => {
    expect((await login({ mail: 'attente@demo.fr', password: 'Demo!2026pass' })).statusCode).toBe(403);
    expect((await login({ mail: 'inactif@demo.fr', password: 'Demo!2026pass' })).statusCode).toBe(403);
    // With a wrong password the answer says nothing about the account.
    expect((await login({ mail: 'attente@demo.fr', password: 'faux' })).statusCode).toBe(401);
  });

  it.each([
    ['an empty object', {}],
    ['a missing password', { mail: 'admin@demo.fr' }],
    ['wrong types', { mail: 12, password: true }],
    ['an array', [1, 2]],
    ['empty strings', { mail: '', password: '' }],
  ])('answers 400 with a JSON error for %s', async (_label, payload) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, title: expect.any(String), detail: expect.any(String) });
  });

  it('answers 400 to broken JSON and 415 to a body of another type, never 500', async () => {
    for (const [body, type, status] of [
      ['{"mail":', 'application/json', 400],
      ['mail=a&password=b', 'application/x-www-form-urlencoded', 415],
      ['bonjour', 'text/plain', 415],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Auth/backoffice/login',
        payload: body,
        headers: { 'content-type': type },
      });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(status);
      expect(res.json().status).toBe(status);
    }
  });

  it('refuses the attacking address for an account, with Retry-After and a French message, while its owner signs in from elsewhere', async () => {
    const attacker = '203.0.113.7';
    for (let i = 0; i < 3; i++)
      expect((await login({ mail: 'directeur@demo.fr', password: 'faux' }, {}, attacker)).statusCode).toBe(401);
    const blocked = await login({ mail: 'directeur@demo.fr', password: 'Demo!2026pass' }, {}, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toEqual({
      status: 429,
      title: 'Trop de tentatives',
      detail: expect.stringMatching(/^Trop de tentatives de connexion\. Réessayez dans \d+ minutes?\.$/),
    });
    expect(
      (await login({ mail: 'directeur@demo.fr', password: 'Demo!2026pass' }, {}, '198.51.100.20')).statusCode,
    ).toBe(200);
  });

  it('refuses an address after too many failures over several mails, not the other addresses', async () => {
    const headers = { 'x-forwarded-for': '1.2.3.4' }; // not trusted: the address is the socket's
    for (let i = 0; i < 6; i++) await login({ mail: `inconnu${i}@demo.fr`, password: 'x' }, headers, '192.0.2.1');
    expect((await login({ mail: 'manager@demo.fr', password: 'Demo!2026pass' }, headers, '192.0.2.1')).statusCode).toBe(
      429,
    );
    expect((await login({ mail: 'manager@demo.fr', password: 'Demo!2026pass' }, {}, '192.0.2.2')).statusCode).toBe(200);
  });

  it('answers exactly the allowed number of 401s to 300 concurrent failures, 429 to the rest', async () => {
    const oneAccount = await Promise.all(
      Array.from({ length: 300 }, () => login({ mail: 'vendeur2@demo.fr', password: 'faux' }, {}, '192.0.2.50')),
    );
    expect(oneAccount.filter((r) => r.statusCode === 401)).toHaveLength(3);
    expect(oneAccount.filter((r) => r.statusCode === 429)).toHaveLength(297);
    const manyAccounts = await Promise.all(
      Array.from({ length: 300 }, (_, i) => login({ mail: `x${i}@demo.fr`, password: 'faux' }, {}, '192.0.2.51')),
    );
    expect(manyAccounts.filter((r) => r.statusCode === 401)).toHaveLength(6);
    expect(manyAccounts.filter((r) => r.statusCode === 429)).toHaveLength(294);
    expect(manyAccounts.every((r) => r.statusCode === 401 || r.headers['retry-after'])).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  it('counts by X-Forwarded-For only when the proxy is trusted', async () => {
    const proxied = await createTestApp({ trustProxy: true, throttle: { perAccountAddress: 2 } });
    try {
      const via = (address: string, password: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/Auth/backoffice/login',
          payload: { mail: 'manager@demo.fr', password },
          headers: { 'x-forwarded-for': address },
        });
      for (let i = 0; i < 2; i++) expect((await via('203.0.113.9', 'faux')).statusCode).toBe(401);
      expect((await via('203.0.113.9', 'Demo!2026pass')).statusCode).toBe(429);
      // Same socket (the proxy), another client behind it: not refused.
      expect((await via('198.51.100.3', 'Demo!2026pass')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('bearer tokens', () => {
  it('GET /api/User/current answers the current user', async () => {
    const app2 = await createTestApp();
    try {
      const token = await app2.login('vendeur@demo.fr');
      const res = await app2.call('GET', '/api/User/current', token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        role: 'Vendeur',
        nomRole: 'Vendeur',
        prenom: 'Victor',
        nom: 'Dubois',
        mail: 'vendeur@demo.fr',
        entreprise: { nomEntreprise: 'Maison Lumière' },
      });
      expect(res.json().entrepriseId).toBe(res.json().entreprise.entrepriseId);
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await app2.close();
    }
  });

  it('answers 401 without a token, with a forged one, with an expired one and after logout', async () => {
    const app2 = await createTestApp();
    try {
      expect((await app2.call('GET', '/api/User/current', null)).statusCode).toBe(401);
      const forged = await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('not-the-secret'));
      expect((await app2.call('GET', '/api/User/current', forged)).statusCode).toBe(401);
      const expired = await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(new TextEncoder().encode('test-secret-for-tests-only-0123456789'));
      expect((await app2.call('GET', '/api/User/current', expired)).statusCode).toBe(401);
      const none = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwidmVyIjowfQ.';
      expect((await app2.call('GET', '/api/User/current', none)).statusCode).toBe(401);

      const token = await app2.login('manager@demo.fr');
      expect((await app2.call('GET', '/api/User/current', token)).statusCode).toBe(200);
      expect((await app2.call('POST', '/api/Auth/logout', token)).statusCode).toBe(204);
      const after = await app2.call('GET', '/api/User/current', token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ status: 401, title: expect.any(String), detail: expect.any(String) });
    } finally {
      await app2.close();
    }
  });
});
