// The public video link counts one view per visit of one viewer: HEAD and continuation ranges never
// count, the same viewer (address + user agent) counts once within 30 minutes of activity, another
// viewer or a later visit counts again.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

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

  it('another viewer (address or user agent) counts a view of its own', async () => {
    await hit('GET', {}, '198.51.100.20');
    await hit('GET', { 'user-agent': FIREFOX });
    await hit('GET', { 'user-agent': FIREFOX, range: 'bytes=0-' });
    expect(await views()).toBe(3);
  });

  it('a visit ends after 30 minutes without a request: the next one counts again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    vi.setSystemTime(Date.now() + 29 * 60_000);
    await hit('GET'); // within the visit: keeps it open
    vi.setSystemTime(Date.now() + 29 * 60_000);
    await hit('GET', { range: 'bytes=0-' });
    expect(await views()).toBe(3);
    vi.setSystemTime(Date.now() + 31 * 60_000);
    await hit('GET', { range: 'bytes=500-' }); // a continuation never opens a visit
    expect(await views()).toBe(3);
    await hit('GET');
    expect(await views()).toBe(4);
    vi.useRealTimers();
  });

  it('a new link starts from zero views', async () => {
    link = (await t.call('POST', `/api/Video/generate-link/${propositionId}`, token)).json().link;
    expect(await views()).toBe(0);
    await hit('GET');
    expect(await views()).toBe(1);
  });
});
