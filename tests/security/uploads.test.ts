// ASVS 5.2: uploads. Oversize (413), wrong type by content, path-traversal names, zero-byte files and
// truncated bodies: a clear JSON error, and no orphan file or row; a hostile name never becomes a path.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { MP4, PDF } from './harness/fixtures';
import { multipart, type Part } from './harness/multipart';
import { fingerprint, fingerprintDiff } from './harness/snapshot';
import { PNG } from './matrix/catalogue';

let t: TestApp;
let token: string;
let customerId: number;
let groupeId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('vendeur@demo.fr');
  customerId = (await t.call('GET', '/api/Customers/forCurrentUser', token)).json().$values[0].customerId;
  // Categories are a Manager's (docs/permissions.md); the Vendeur files products under them.
  const cat = await t.call('POST', '/api/Categorie', await t.login('manager@demo.fr'), { Nom_categorie: 'Uploads' });
  const form = multipart([
    { name: 'NomGroupeModel', value: 'Lampe' },
    { name: 'IdCategorie', value: String(cat.json().id) },
    { name: 'CheminImageGroupe', value: PNG, filename: 'a.png' },
  ]);
  const created = await t.app.inject({ method: 'POST', url: '/api/Model/ModelWithGroup', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
  expect(created.statusCode).toBe(201);
  groupeId = created.json().idGroupeModel;
});
afterAll(() => t.close());

async function send(url: string, parts: Part[], mutate?: (b: Buffer) => Buffer) {
  const form = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload: mutate ? mutate(form.payload) : form.payload, headers: { ...form.headers, authorization: `Bearer ${token}` } });
}

const proposition = (pdf: Buffer, name = 'devis.pdf', video?: Buffer) => [
  { name: 'customerId', value: String(customerId) },
  { name: 'description', value: 'Test upload' },
  { name: 'pdf', value: pdf, filename: name, type: 'application/pdf' },
  ...(video ? [{ name: 'video', value: video, filename: 'v.mp4', type: 'video/mp4' }] : []),
];

describe('refused uploads leave nothing behind', () => {
  it.each([
    ['a PDF over 20 MiB', 413, () => send('/api/Propositions', proposition(Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024)])))],
    ['an icon over 2 MiB', 413, () => send('/api/SousOption', [{ name: 'SousNom', value: 'Grand' }, { name: 'IdModel', value: String(groupeId) }, { name: 'SousIcone', value: Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]), filename: 'i.png' }])],
    ['a PNG sent as the quote PDF', 400, () => send('/api/Propositions', proposition(PNG, 'devis.pdf'))],
    ['a PDF sent as the video', 400, () => send('/api/Propositions', proposition(PDF, 'devis.pdf', PDF))],
    ['a zero-byte quote', 400, () => send('/api/Propositions', proposition(Buffer.alloc(0)))],
    ['a zero-byte image', 400, () => send('/api/Model/ModelWithGroup', [{ name: 'NomGroupeModel', value: 'X' }, { name: 'IdCategorie', value: '1' }, { name: 'CheminImageGroupe', value: Buffer.alloc(0), filename: 'vide.png' }])],
    ['a body cut in the middle of the PDF', 400, () => send('/api/Propositions', proposition(Buffer.concat([PDF, Buffer.alloc(4096)])), (b) => b.subarray(0, 300))],
    ['a body without its closing boundary', 400, () => send('/api/Propositions', proposition(PDF), (b) => b.subarray(0, b.length - 10))],
    ['a multipart header without a boundary', 400, () => t.app.inject({ method: 'POST', url: '/api/Propositions', payload: 'x', headers: { 'content-type': 'multipart/form-data', authorization: `Bearer ${token}` } })],
  ] as const)('%s answers %i', async (_label, status, run) => {
    const before = await fingerprint(t.database.db, t.filesDir);
    const res = await run();
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
    expect(fingerprintDiff(before, await fingerprint(t.database.db, t.filesDir))).toEqual([]);
  });
});

describe('file names never become paths', () => {
  it.each(['../../../../tmp/evil.pdf', '..\\..\\evil.pdf', '/etc/passwd', 'a/../../b.pdf', '%2e%2e%2fevil.pdf'])('a quote named %s is stored under a key the server chose', async (name) => {
    const before = await fingerprint(t.database.db, t.filesDir);
    const res = await send('/api/Propositions', proposition(PDF, name, MP4));
    expect(res.statusCode, res.body).toBe(201);
    const added = [...(await fingerprint(t.database.db, t.filesDir)).files.keys()].filter((f) => !before.files.has(f));
    expect(added).toHaveLength(2);
    for (const f of added) expect(f).toMatch(/^(propositions|videos)\/[0-9a-f-]{36}\.(pdf|mp4)$/);
    expect(fs.existsSync(path.resolve(t.filesDir, '..', 'evil.pdf'))).toBe(false);
    // The download answers the stored PDF, named by the spec's pattern, never by the upload's name.
    const id = res.json().propositionId;
    const pdf = await t.call('GET', `/api/Uploader/downloadPDF/${id}`, token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String(pdf.headers['content-disposition'] ?? '')).not.toContain('evil');
  });
});
