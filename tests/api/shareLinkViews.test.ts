// The public video link counts one view per link and visitor address per 30 minutes: HEAD and continuation
// ranges never count, another user agent from the same address is the same visitor, another address (or
// IPv6 /64) counts again, and so does the same address 30 minutes after its counted view. With a shared
// limiter store (Redis), a second server instance does not count the visit again.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildApp } from '../../server/app';
import { connectRedis } from '../../server/auth/limiters';
import { createTestApp, type TestApp } from '../helpers/app';
import { propositionForm } from './propositions.multipart';

let t: TestApp;
let token: string;
let propositionId: number;
let link: string;

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const hit = (method: 'GET' | 'HEAD', headers: Record<string, string> = {}, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method, url: link, headers: { 'user-agent': CHROME, ...headers }, remoteAddress });
const views = async () =>
  (await t.call('GET', `/api/Propositions/${propositionId}`, token)).json().videoAccessToken.viewCount as number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('vendeur@demo.fr');
  const customerId = (await t.call('GET', '/api/Customers/forCurrentUser', token)).json().$values[0].customerId;
  const form = propositionForm(customerId);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/Propositions',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
  expect(created.statusCode, created.body).toBe(201);
  propositionId = created.json().propositionId;
  link = (await t.call('POST', `/api/Video/generate-link/${propositionId}`, token)).json().link;
});
afterAll(() => {
  vi.useRealTimers();
  return t.close();
});

describe('share-link views', () => {
  it('HEAD and ranges not from byte 0 never count, without a sign-in', async () => {
    for (let i = 0; i < 10; i++) expect((await hit('HEAD')).statusCode).toBe(200);
    for (let i = 1; i <= 30; i++) expect((await hit('GET', { range: `bytes=${i}-${i}` })).statusCode).toBe(206);
    expect(await views()).toBe(0);
  });

  it("a browser's visit (no Range, then bytes=0-, then continuations) counts one view", async () => {
    expect((await hit('GET')).statusCode).toBe(200);
    expect((await hit('GET', { range: 'bytes=0-' })).statusCode).toBe(206);
    expect((await hit('GET', { range: 'bytes=1000-' })).statusCode).toBe(206);
    expect(await views()).toBe(1);
  });

  it('the same viewer coming back within 30 minutes, even with one-byte ranges from 0, still counts one', async () => {
    for (let i = 0; i < 30; i++) await hit('GET', { range: 'bytes=0-0' });
    await hit('GET');
    expect(await views()).toBe(1);
  });

  it('25 one-byte ranges from byte 0 with 25 user agents from one address count no more views', async () => {
    for (let i = 0; i < 25; i++)
      expect((await hit('GET', { range: 'bytes=0-0', 'user-agent': `${FIREFOX} n${i}` })).statusCode).toBe(206);
    expect(await views()).toBe(1);
  });

  it('another address counts a view of its own; an IPv6 /64 is one visitor', async () => {
    await hit('GET', {}, '198.51.100.20');
    await hit('GET', { 'user-agent': FIREFOX }, '198.51.100.20');
    expect(await views()).toBe(2);
    await hit('GET', {}, '2001:db8:5:6::1');
    await hit('GET', { range: 'bytes=0-0' }, '2001:db8:5:6:ffff::2');
    await hit('GET', {}, '2001:db8:5:7::1');
    expect(await views()).toBe(4);
  });

  it('the same address counts again 30 minutes after its counted view', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    vi.setSystemTime(Date.now() + 29 * 60_000);
    await hit('GET', { range: 'bytes=0-' });
    expect(await views()).toBe(4);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    await hit('GET', { range: 'bytes=500-' }); // a continuation never opens a visit
    expect(await views()).toBe(4);
    await hit('GET');
    expect(await views()).toBe(5);
    vi.useRealTimers();
  });

  it('a new link starts from zero views', async () => {
    link = (await t.call('POST', `/api/Video/generate-link/${propositionId}`, token)).json().link;
    expect(await views()).toBe(0);
    await hit('GET');
    expect(await views()).toBe(1);
  });
});

describe.skipIf(!process.env.REDIS_URL)('share-link views on a shared store (Redis)', () => {
  it('a second instance, or a restarted one, does not count the visit again', async () => {
    const client = await connectRedis(process.env.REDIS_URL!);
    const namespace = `test-views-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const instance = () =>
      buildApp({
        db: t.database.db,
        jwtSecret: 'test-secret-for-tests-only-0123456789',
        filesDir: t.filesDir,
        limiterStore: { kind: 'redis', client },
        limiterNamespace: namespace,
      });
    const a = await instance();
    const b = await instance();
    try {
      link = (await t.call('POST', `/api/Video/generate-link/${propositionId}`, token)).json().link;
      const get = (app: typeof a) => app.inject({ method: 'GET', url: link, remoteAddress: '192.0.2.44' });
      expect((await get(a)).statusCode).toBe(200);
      expect((await get(b)).statusCode).toBe(200);
      await a.close();
      const restarted = await instance();
      expect((await get(restarted)).statusCode).toBe(200);
      await restarted.close();
      expect(await views()).toBe(1);
    } finally {
      await a.close();
      await b.close();
      client.disconnect();
    }
  });
});
