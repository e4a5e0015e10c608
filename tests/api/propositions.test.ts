// Propositions API: read, description and status updates, files (PDF, video with HTTP ranges), the
// multipart upload (content checks, size limit), expiring public links, delete, and isolation.
import fs from 'node:fs';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { propositions, videoAccessTokens } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { demoPdf, demoVideo, propositionForm } from './propositions.multipart';

let t: TestApp;
const token: Record<string, string> = {};
let customerId: number;
let withVideo: number;
let withoutVideo: number;
const video = demoVideo();

const upload = (who: string, form: ReturnType<typeof propositionForm>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Propositions',
    headers: { ...form.headers, authorization: `Bearer ${token[who]}` },
    payload: form.payload,
  });
const get = (url: string, who: string | null, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(who ? { authorization: `Bearer ${token[who]}` } : {}) },
  });
const countPropositions = async () => (await t.database.db.select().from(propositions)).length;
const storedFiles = () =>
  fs.readdirSync(t.filesDir, { recursive: true }).filter((f) => /\.(pdf|mp4)$/.test(String(f))).length;

beforeAll(async () => {
  t = await createTestApp();
  for (const [k, mail] of Object.entries({
    vendeur: 'vendeur@demo.fr',
    vendeur2: 'vendeur2@demo.fr',
    manager: 'manager@demo.fr',
    atelier: 'vendeur@atelier-bois.fr',
    admin: 'admin@demo.fr',
  })) {
    token[k] = await t.login(mail);
  }
  const list = (await t.call('GET', '/api/Customers/forCurrentUser', token.vendeur)).json().$values;
  customerId = list[0].customerId;
  withVideo = (await upload('vendeur', propositionForm(customerId, { description: 'Salon complet' }))).json()
    .propositionId;
  withoutVideo = (await upload('vendeur', propositionForm(customerId, { video: null }))).json().propositionId;
});
afterAll(() => t.close());

describe('POST /api/Propositions (multipart)', () => {
  it('stores the PDF and the video under server-chosen keys', async () => {
    const p = (await t.call('GET', `/api/Propositions/${withVideo}`, token.vendeur)).json();
    expect(p).toMatchObject({
      propositionId: withVideo,
      customerId,
      description: 'Salon complet',
      statusName: null,
      cheminVideo: `/api/Video/watch/${withVideo}`,
      hasPdf: true,
      videoAccessToken: null,
    });
    const [row] = await t.database.db.select().from(propositions).where(eq(propositions.propositionId, withVideo));
    expect(row.cheminPdf).toMatch(/^propositions\/[0-9a-f-]{36}\.pdf$/);
    expect(row.cheminVideo).toMatch(/^videos\/[0-9a-f-]{36}\.mp4$/);
    const none = (await t.call('GET', `/api/Propositions/${withoutVideo}`, token.vendeur)).json();
    expect(none.cheminVideo).toBeNull();
  });

  it('checks the files by their content, not their name, and stores nothing on refusal', async () => {
    const before = [await countPropositions(), storedFiles()];
    const fakePdf = await upload(
      'vendeur',
      propositionForm(customerId, { pdf: Buffer.from('pas un pdf'), pdfName: 'devis.pdf' }),
    );
    expect(fakePdf.statusCode).toBe(400);
    expect(fakePdf.json().errors.pdf).toBe('Le devis doit être un fichier PDF.');
    const fakeVideo = await upload('vendeur', propositionForm(customerId, { video: demoPdf(), videoName: 'film.mp4' }));
    expect(fakeVideo.statusCode).toBe(400);
    expect(fakeVideo.json().errors.video).toBe('La vidéo doit être un fichier MP4.');
    // A real PDF under another name is accepted.
    const renamed = await upload('vendeur', propositionForm(customerId, { pdfName: 'quote.bin', video: null }));
    expect(renamed.statusCode).toBe(201);
    expect([await countPropositions(), storedFiles()]).toEqual([before[0] + 1, before[1] + 1]);
  });

  it('answers 413 beyond the PDF size limit', async () => {
    const before = await countPropositions();
    const big = Buffer.concat([demoPdf(), Buffer.alloc(21 * 1024 * 1024)]);
    const res = await upload('vendeur', propositionForm(customerId, { pdf: big, video: null }));
    expect(res.statusCode).toBe(413);
    expect(await countPropositions()).toBe(before);
  });

  it("refuses another company's customer (404)", async () => {
    const res = await upload('atelier', propositionForm(customerId));
    expect(res.statusCode).toBe(404);
  });
});

describe('files', () => {
  it('downloads the quote as application/pdf named Devis_{id}.pdf', async () => {
    const res = await get(`/api/Uploader/downloadPDF/${withVideo}`, 'vendeur');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Devis_${withVideo}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('serves the video whole, and a range as 206 with the right bytes', async () => {
    const whole = await get(`/api/Video/watch/${withVideo}`, 'vendeur');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(whole.rawPayload, video)).toBe(0);

    const part = await get(`/api/Video/watch/${withVideo}`, 'vendeur', { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${video.length}`);
    expect(Buffer.compare(part.rawPayload, video.subarray(100, 1100))).toBe(0);

    const tail = await get(`/api/Video/watch/${withVideo}`, 'vendeur', { range: 'bytes=-500' });
    expect(tail.statusCode).toBe(206);
    expect(Buffer.compare(tail.rawPayload, video.subarray(video.length - 500))).toBe(0);

    const beyond = await get(`/api/Video/watch/${withVideo}`, 'vendeur', { range: `bytes=${video.length}-` });
    expect(beyond.statusCode).toBe(416);
  });

  it('answers 404 for the video of a proposition without one', async () => {
    expect((await get(`/api/Video/watch/${withoutVideo}`, 'vendeur')).statusCode).toBe(404);
  });
});

describe('updates', () => {
  it('changes the description with PUT, and refuses one too long', async () => {
    const p = (await t.call('GET', `/api/Propositions/${withVideo}`, token.vendeur)).json();
    const res = await t.call('PUT', `/api/Propositions/${withVideo}`, token.vendeur, {
      ...p,
      description: 'Salon et salle à manger',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().description).toBe('Salon et salle à manger');
    const tooLong = await t.call('PUT', `/api/Propositions/${withVideo}`, token.vendeur, {
      ...p,
      description: 'x'.repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await t.call('GET', `/api/Propositions/${withVideo}`, token.vendeur)).json().description).toBe(
      'Salon et salle à manger',
    );
  });

  it('takes the status as a JSON string holding one of the four labels', async () => {
    const put = (body: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/Propositions/updateStatus/${withVideo}`,
        headers: { authorization: `Bearer ${token.vendeur}`, 'content-type': 'application/json' },
        payload: body,
      });
    const ok = await put(JSON.stringify('Vidéo envoyée'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().statusName).toBe('Vidéo envoyée');
    expect((await put(JSON.stringify('Signé'))).statusCode).toBe(400);
    expect((await t.call('GET', `/api/Propositions/${withVideo}`, token.vendeur)).json().statusName).toBe(
      'Vidéo envoyée',
    );
  });
});

describe('share links', () => {
  let link: string;

  it('generates a relative link with a 128-bit hex token and a 30-day expiry', async () => {
    expect((await t.call('GET', `/api/video/expiration/${withVideo}`, token.vendeur)).statusCode).toBe(404);
    const res = await t.call('POST', `/api/Video/generate-link/${withVideo}`, token.vendeur);
    expect(res.statusCode).toBe(200);
    link = res.json().link;
    expect(link).toMatch(/^\/api\/Video\/public\/[0-9a-f]{32}$/);
    const exp = (await t.call('GET', `/api/video/expiration/${withVideo}`, token.vendeur)).json();
    const days = (new Date(exp.expirationDate).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('serves the video to anyone with the link, streams ranges and counts views', async () => {
    const res = await get(link, null);
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, video)).toBe(0);
    const part = await get(link, null, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(Buffer.compare(part.rawPayload, video.subarray(0, 100))).toBe(0);
    // A seek (range not from byte 0) is not a new view, nor is the same viewer's replay within the visit
    // (tests/api/shareLinkViews.test.ts has the rule in full).
    expect((await get(link, null, { range: 'bytes=200-' })).statusCode).toBe(206);
    const p = (await t.call('GET', `/api/Propositions/${withVideo}`, token.vendeur)).json();
    expect(p.videoAccessToken.viewCount).toBe(1);
    expect(link.endsWith(p.videoAccessToken.token)).toBe(true);
  });

  it('answers 410 once the link has expired, 404 for an unknown token', async () => {
    const tokenValue = link.split('/').pop()!;
    await t.database.db
      .update(videoAccessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(videoAccessTokens.token, tokenValue));
    expect((await get(link, null)).statusCode).toBe(410);
    expect((await get(`/api/Video/public/${'0'.repeat(32)}`, null)).statusCode).toBe(404);
    expect((await get('/api/Video/public/..%2F..%2Fetc%2Fpasswd', null)).statusCode).toBe(404);
  });

  it('replaces the previous link when a new one is generated', async () => {
    const next = (await t.call('POST', `/api/Video/generate-link/${withVideo}`, token.vendeur)).json().link;
    expect(next).not.toBe(link);
    expect((await get(link, null)).statusCode).toBe(404);
    expect((await get(next, null)).statusCode).toBe(200);
  });

  it('refuses a link for a proposition without video', async () => {
    expect((await t.call('POST', `/api/Video/generate-link/${withoutVideo}`, token.vendeur)).statusCode).toBe(400);
  });
});

describe('who reaches a proposition', () => {
  it.each(['vendeur2', 'atelier'])('%s can neither read, edit, download, share nor delete it (404)', async (who) => {
    const json = { authorization: `Bearer ${token[who]}`, 'content-type': 'application/json' };
    // The share link's view above made it "Vidéo vue": the refused write tries to take it back.
    const before = (await t.call('GET', `/api/Propositions/${withVideo}`, token.vendeur)).json().statusName;
    expect(before).not.toBe('Aucune vidéo');
    expect((await get(`/api/Propositions/${withVideo}`, who)).statusCode).toBe(404);
    expect(
      (await t.call('PUT', `/api/Propositions/${withVideo}`, token[who], { description: 'piraté' })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/Propositions/updateStatus/${withVideo}`,
          headers: json,
          payload: JSON.stringify('Aucune vidéo'),
        })
      ).statusCode,
    ).toBe(404);
    expect((await get(`/api/Uploader/downloadPDF/${withVideo}`, who)).statusCode).toBe(404);
    expect((await get(`/api/Video/watch/${withVideo}`, who)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/Video/generate-link/${withVideo}`, token[who])).statusCode).toBe(404);
    expect((await get(`/api/video/expiration/${withVideo}`, who)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/Propositions/${withVideo}`, token[who])).statusCode).toBe(404);
    const p = (await t.call('GET', `/api/Propositions/${withVideo}`, token.vendeur)).json();
    expect(p.description).not.toBe('piraté');
    expect(p.statusName).toBe(before);
  });

  it('is reached by the Manager of the company and the Admin', async () => {
    expect((await get(`/api/Propositions/${withVideo}`, 'manager')).statusCode).toBe(200);
    expect((await get(`/api/Uploader/downloadPDF/${withVideo}`, 'admin')).statusCode).toBe(200);
  });

  it('requires a token on every route but the public link', async () => {
    expect((await get(`/api/Propositions/${withVideo}`, null)).statusCode).toBe(401);
    expect((await get(`/api/Video/watch/${withVideo}`, null)).statusCode).toBe(401);
    expect((await get(`/api/Uploader/downloadPDF/${withVideo}`, null)).statusCode).toBe(401);
  });
});

describe('DELETE /api/Propositions/{id}', () => {
  it('removes the row, its link and its files', async () => {
    const id = (await upload('vendeur', propositionForm(customerId))).json().propositionId;
    await t.call('POST', `/api/Video/generate-link/${id}`, token.vendeur);
    const [row] = await t.database.db.select().from(propositions).where(eq(propositions.propositionId, id));
    const files = [row.cheminPdf!, row.cheminVideo!].map((k) => path.join(t.filesDir, k));
    expect(files.every((f) => fs.existsSync(f))).toBe(true);
    expect((await t.call('DELETE', `/api/Propositions/${id}`, token.vendeur)).statusCode).toBe(204);
    expect((await t.call('GET', `/api/Propositions/${id}`, token.vendeur)).statusCode).toBe(404);
    expect(
      await t.database.db.select().from(videoAccessTokens).where(eq(videoAccessTokens.propositionId, id)),
    ).toHaveLength(0);
    expect(files.some((f) => fs.existsSync(f))).toBe(false);
  });
});

describe('demo data', () => {
  it('gives every demo proposition a real PDF, and most a playable MP4', async () => {
    const rows = await t.database.db.select().from(propositions);
    const demo = rows.filter((r) => r.propositionId < withVideo);
    expect(demo.length).toBeGreaterThan(9);
    for (const r of demo)
      expect(fs.readFileSync(path.join(t.filesDir, r.cheminPdf!)).subarray(0, 5).toString()).toBe('%PDF-');
    const videos = demo.filter((r) => r.cheminVideo);
    expect(videos.length).toBeGreaterThan(0);
    expect(videos.length).toBeLessThan(demo.length);
    expect(fs.readFileSync(path.join(t.filesDir, videos[0].cheminVideo!)).subarray(4, 8).toString()).toBe('ftyp');
  });
});
