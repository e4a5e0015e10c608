// ASVS 6.x / 7.x / 9.x / 11.4.2: password hashing parameters, token algorithms and lifetime, revocation at
// once (password change, disable, licence expiry), CSPRNG share tokens of 128 bits at least.
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as s from '../../server/db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/app';
import { TEST_SECRET } from './harness/fixtures';

let t: TestApp;
let admin: string;
const idOf = async (mail: string) =>
  (await t.database.db.select().from(s.users).where(eq(s.users.mail, mail)))[0].userId;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.fr');
});
afterAll(() => t.close());

describe('passwords', () => {
  it('are stored as argon2id with t>=2, m>=19 MiB, p>=1', async () => {
    const rows = await t.database.db.select({ h: s.users.passwordHash }).from(s.users);
    for (const { h } of rows) {
      const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(h);
      expect(m, h.slice(0, 30)).not.toBeNull();
      expect(Number(m![1])).toBeGreaterThanOrEqual(19456);
      expect(Number(m![2])).toBeGreaterThanOrEqual(2);
      expect(Number(m![3])).toBeGreaterThanOrEqual(1);
    }
  });

  it('a new password set by an Admin is hashed the same way', async () => {
    const id = await idOf('vendeur2@demo.fr');
    expect(
      (await t.call('PUT', `/api/User/${id}/password`, admin, { newPassword: 'Nouveau!Passe2026' })).statusCode,
    ).toBe(204);
    const [u] = await t.database.db.select().from(s.users).where(eq(s.users.userId, id));
    expect(u.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/Auth/backoffice/login',
          payload: { mail: 'vendeur2@demo.fr', password: 'Nouveau!Passe2026' },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('tokens', () => {
  const key = new TextEncoder().encode(TEST_SECRET);

  it('only HS256 is accepted, even signed with the right secret', async () => {
    const id = await idOf('manager@demo.fr');
    const hs512 = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const hs256 = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    expect((await t.call('GET', '/api/User/current', hs512)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/User/current', hs256)).statusCode).toBe(200);
  });

  it('the subject must be decimal digits: "0x4", "4e0" and their kin are refused', async () => {
    const id = await idOf('manager@demo.fr');
    const sign = (sub: string) =>
      new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
    expect((await t.call('GET', '/api/User/current', await sign(String(id)))).statusCode).toBe(200);
    for (const sub of [`0x${id.toString(16)}`, `${id}e0`, `${id}.0`, ` ${id}`, `0${id}`, `+${id}`]) {
      const res = await t.call('GET', '/api/User/current', await sign(sub));
      expect(res.statusCode, sub).toBe(401);
    }
  });

  it('a token issued longer ago than a session lasts is refused whatever its exp', async () => {
    const id = await idOf('manager@demo.fr');
    const now = Math.floor(Date.now() / 1000);
    const old = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(id))
      .setIssuedAt(now - 13 * 3600)
      .setExpirationTime(now + 365 * 86400)
      .sign(key);
    expect((await t.call('GET', '/api/User/current', old)).statusCode).toBe(401);
    const noIat = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(id))
      .setExpirationTime('1h')
      .sign(key);
    expect((await t.call('GET', '/api/User/current', noIat)).statusCode).toBe(401);
  });

  it('every issued token carries a short expiry and nothing secret', async () => {
    const token = await t.login('manager@demo.fr');
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBeLessThanOrEqual(24 * 3600);
    expect(payload).not.toHaveProperty('password');
  });

  it("a password change ends the user's existing sessions at once", async () => {
    const token = await t.login('directeur@demo.fr');
    expect((await t.call('GET', '/api/User/current', token)).statusCode).toBe(200);
    const id = await idOf('directeur@demo.fr');
    expect(
      (await t.call('PUT', `/api/User/${id}/password`, admin, { newPassword: 'Autre!Passe2026' })).statusCode,
    ).toBe(204);
    expect((await t.call('GET', '/api/User/current', token)).statusCode).toBe(401);
  });

  it('disabling a user ends his sessions at once', async () => {
    const token = await t.login('vendeur@atelier-bois.fr');
    const id = await idOf('vendeur@atelier-bois.fr');
    expect((await t.call('PUT', `/api/User/${id}/disable`, admin)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/Customers/forCurrentUser', token)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/Auth/backoffice/login',
      payload: { mail: 'vendeur@atelier-bois.fr', password: DEMO_PASSWORD },
    });
    expect(again.statusCode).toBe(403);
  });

  it("a licence expiring ends the user's sessions at once (403 licence)", async () => {
    const token = await t.login('manager@demo.fr');
    const id = await idOf('manager@demo.fr');
    const licences = (await t.call('GET', `/api/Licence/User/${id}`, admin)).json().$values as Array<{
      licenceId: number;
    }>;
    for (const l of licences) {
      const res = await t.call('PUT', `/api/Licence/${l.licenceId}`, admin, {
        LicenceId: l.licenceId,
        DateExpiration: new Date(Date.now() - 60_000).toISOString(),
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await t.call('GET', '/api/User/current', token);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Licence non activée');
  });
});

describe('share links', () => {
  it('carry a token of at least 128 bits, new at each generation', async () => {
    const token = await t.login('vendeur@demo.fr');
    const customers = (await t.call('GET', '/api/Customers/forCurrentUser', token)).json().$values as Array<{
      customerId: number;
      propositionCount: number;
    }>;
    const withProps = customers.find((c) => c.propositionCount > 0)!;
    const detail = (await t.call('GET', `/api/Customers/${withProps.customerId}`, token)).json();
    const withVideo = (detail.propositions as Array<{ propositionId: number; cheminVideo: string | null }>).find(
      (p) => p.cheminVideo,
    );
    expect(withVideo, 'a demo proposition with a video').toBeTruthy();
    const links = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await t.call('POST', `/api/Video/generate-link/${withVideo!.propositionId}`, token);
      expect(res.statusCode).toBe(200);
      const tok = String(res.json().link).split('/').pop()!;
      expect(tok).toMatch(/^[0-9a-f]{32,}$/);
      links.add(tok);
    }
    expect(links.size).toBe(3);
  });
});
