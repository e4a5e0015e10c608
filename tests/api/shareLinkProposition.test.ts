// The customer's share link (docs/back-office.md, "The customer's share link"): a browser gets the
// proposition's page (company, description escaped, player, PDF) under a policy without script; API
// clients and the player get the MP4 with ranges; the PDF is public only through a valid link; the page
// and the PDF count no view, and a counted view stores "Vidéo vue" without taking a status backwards.
import crypto from 'node:crypto';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { customers, entreprises, propositions, videoAccessTokens } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { demoPdf, demoVideo, propositionForm } from './propositions.multipart';

let t: TestApp;
let token: string;
let customerId: number;
const video = demoVideo();
const pdf = demoPdf('Devis du lien partagé');
const COMPANY = 'Cuisines <Martin> & "Fils"';
const DESCRIPTION = 'Cuisine en chêne\n<script>alert("piraté")</script> & plan de travail';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '203.0.113.9') =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress });
const page = (link: string, remoteAddress?: string) => get(link, { accept: BROWSER_ACCEPT }, remoteAddress);

async function newLink(description = DESCRIPTION): Promise<{ id: number; link: string }> {
  const form = propositionForm(customerId, { description, pdf });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/Propositions',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().propositionId as number;
  const link = (await t.call('POST', `/api/Video/generate-link/${id}`, token)).json().link as string;
  return { id, link };
}

const proposition = async (id: number) => (await t.call('GET', `/api/Propositions/${id}`, token)).json();
const setStatus = (id: number, status: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/Propositions/updateStatus/${id}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(status),
  });

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('vendeur@demo.fr');
  customerId = (await t.call('GET', '/api/Customers/forCurrentUser', token)).json().$values[0].customerId;
  const [c] = await t.database.db
    .select({ entrepriseId: customers.entrepriseId })
    .from(customers)
    .where(eq(customers.customerId, customerId));
  await t.database.db
    .update(entreprises)
    .set({ nomEntreprise: COMPANY })
    .where(eq(entreprises.entrepriseId, c.entrepriseId));
});
afterAll(() => t.close());

describe('the page a browser opens from the link', () => {
  it('shows the company, the description as text, the player and the PDF, in French, without script', async () => {
    const { link } = await newLink();
    const res = await page(link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    const html = res.body;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('name="viewport"');
    expect(html).toContain('Cuisines &#60;Martin&#62; &#38; &#34;Fils&#34;');
    expect(html).toContain('&#60;script&#62;alert(&#34;piraté&#34;)&#60;/script&#62; &#38; plan de travail');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(`<video controls preload="none" playsinline src="${link}/video"`);
    expect(html).toContain(`href="${link}/pdf"`);
    expect(html).toContain('Télécharger le devis (PDF)');
    // Its own policy: no script source at all, the one stylesheet allowed by its hash.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
    expect(csp).toContain(`'sha256-${crypto.createHash('sha256').update(style).digest('base64')}'`);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves the description out when there is none, and offers no PDF when there is none', async () => {
    const { id, link } = await newLink('');
    await t.database.db.update(propositions).set({ cheminPdf: null }).where(eq(propositions.propositionId, id));
    const html = (await page(link)).body;
    expect(html).not.toContain('class="description"');
    expect(html).not.toContain('/pdf');
    expect(html).toContain('<video');
    const missing = await get(`${link}/pdf`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, detail: "Cette proposition n'a pas de devis." });
  });
});

describe('the MP4 and the PDF through the link', () => {
  it('serves the MP4 with ranges to an API client at the link and to the player at /video', async () => {
    const { link } = await newLink();
    for (const url of [link, `${link}/video`]) {
      const whole = await get(url, {}, '198.51.100.1');
      expect(whole.statusCode, url).toBe(200);
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(Buffer.compare(whole.rawPayload, video)).toBe(0);
      const part = await get(url, { range: 'bytes=100-199', accept: '*/*' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
      expect(Buffer.compare(part.rawPayload, video.subarray(100, 200))).toBe(0);
    }
  });

  it('serves the PDF as a download without a sign-in', async () => {
    const { id, link } = await newLink();
    const res = await get(`${link}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Devis_${id}.pdf"`);
    expect(Buffer.compare(res.rawPayload, pdf)).toBe(0);
  });
});

describe('"Vidéo vue" set by a watch through the link', () => {
  it('is not set by the page, a HEAD, a continuation range nor the PDF; it is by the first play', async () => {
    const { id, link } = await newLink();
    expect((await setStatus(id, 'Vidéo envoyée')).statusCode).toBe(200);
    await page(link);
    await t.app.inject({ method: 'HEAD', url: `${link}/video`, remoteAddress: '203.0.113.9' });
    await get(`${link}/video`, { range: 'bytes=500-' });
    await get(`${link}/pdf`);
    let p = await proposition(id);
    expect(p.statusName).toBe('Vidéo envoyée');
    expect(p.videoAccessToken.viewCount).toBe(0);

    expect((await get(`${link}/video`, { range: 'bytes=0-' })).statusCode).toBe(206);
    p = await proposition(id);
    expect(p.statusName).toBe('Vidéo vue');
    expect(p.videoAccessToken.viewCount).toBe(1);
    // The customer page's list reads the same stored status.
    const detail = (await t.call('GET', `/api/Customers/${customerId}`, token)).json();
    const rows = (detail.propositions.$values ?? detail.propositions) as Array<{
      propositionId: number;
      statusName: string;
    }>;
    expect(rows.find((r) => r.propositionId === id)?.statusName).toBe('Vidéo vue');
  });

  it('is set from no status at all, counted at the bare link too', async () => {
    const { id, link } = await newLink();
    expect((await proposition(id)).statusName).toBeNull();
    await get(link, {}, '192.0.2.50');
    expect((await proposition(id)).statusName).toBe('Vidéo vue');
  });

  it('never takes a status backwards, nor replaces one this server does not know', async () => {
    const { id, link } = await newLink();
    await t.database.db
      .update(propositions)
      .set({ statusName: 'Devis signé' })
      .where(eq(propositions.propositionId, id));
    await get(`${link}/video`, {}, '192.0.2.60');
    let p = await proposition(id);
    expect(p.videoAccessToken.viewCount).toBe(1);
    expect(p.statusName).toBe('Devis signé');

    expect((await setStatus(id, 'Vidéo vue')).statusCode).toBe(200);
    await get(`${link}/video`, {}, '192.0.2.61');
    p = await proposition(id);
    expect(p.videoAccessToken.viewCount).toBe(2);
    expect(p.statusName).toBe('Vidéo vue');
  });
});

describe('a refused link, for the page, the video and the PDF', () => {
  let expired: string;
  beforeAll(async () => {
    const { id } = await newLink();
    expired = crypto.randomBytes(16).toString('hex');
    await t.database.db
      .update(videoAccessTokens)
      .set({ token: expired, expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(videoAccessTokens.propositionId, id));
  });

  it('answers 410 once expired: a page to a browser, the JSON error to an API client', async () => {
    for (const suffix of ['', '/video', '/pdf']) {
      const url = `/api/Video/public/${expired}${suffix}`;
      const html = await page(url);
      expect(html.statusCode, url).toBe(410);
      expect(html.headers['content-type']).toMatch(/^text\/html/);
      expect(html.body).toContain('Ce lien a expiré.');
      expect(html.body).not.toContain('<video');
      const json = await get(url);
      expect(json.statusCode, url).toBe(410);
      expect(json.json()).toMatchObject({ status: 410, detail: 'Ce lien a expiré.' });
    }
  });

  it('answers 404 to an unknown, replaced or malformed link', async () => {
    const { id, link } = await newLink();
    await t.call('POST', `/api/Video/generate-link/${id}`, token);
    for (const base of [`/api/Video/public/${'0'.repeat(32)}`, link, '/api/Video/public/pas-un-jeton']) {
      for (const suffix of ['', '/video', '/pdf']) {
        const url = `${base}${suffix}`;
        const html = await page(url);
        expect(html.statusCode, url).toBe(404);
        expect(html.body).toContain('Lien invalide');
        const json = await get(url);
        expect(json.statusCode, url).toBe(404);
        expect(json.json()).toMatchObject({ status: 404, detail: 'Lien invalide' });
      }
    }
    // The replaced link's views counted nothing on the new one.
    expect((await proposition(id)).videoAccessToken.viewCount).toBe(0);
  });
});
