// Issue 16 §2: an invalid or expired share link answers a small French HTML page to a browser, and keeps
// the JSON error for an API client.
import crypto from 'node:crypto';

import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { propositions, videoAccessTokens } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let expired: string;
beforeAll(async () => {
  t = await createTestApp();
  const [p] = await t.database.db
    .select({ id: propositions.propositionId })
    .from(propositions)
    .where(isNotNull(propositions.cheminVideo))
    .limit(1);
  expired = crypto.randomBytes(16).toString('hex');
  await t.database.db
    .insert(videoAccessTokens)
    .values({ propositionId: p.id, token: expired, expiresAt: new Date(Date.now() - 60_000) })
    .onConflictDoUpdate({
      target: videoAccessTokens.propositionId,
      set: { token: expired, expiresAt: new Date(Date.now() - 60_000) },
    });
});
afterAll(() => t.close());

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const get = (token: string, accept?: string) =>
  t.app.inject({ method: 'GET', url: `/api/Video/public/${token}`, headers: accept ? { accept } : {} });

describe('a refused share link', () => {
  it('answers an expired link with a French HTML page to a browser (410)', async () => {
    const res = await get(expired, BROWSER_ACCEPT);
    expect(res.statusCode).toBe(410);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<html lang="fr">');
    expect(res.body).toContain('Ce lien a expiré.');
  });

  it('answers an unknown or malformed link with a French HTML page to a browser (404)', async () => {
    for (const token of ['0'.repeat(32), 'pas-un-jeton']) {
      const res = await get(token, BROWSER_ACCEPT);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toMatch(/Ce lien n(&#39;|')est pas valide/);
    }
  });

  it('keeps the JSON error for an API client', async () => {
    const res = await get(expired, 'application/json');
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ status: 410, detail: 'Ce lien a expiré.' });
    const unknown = await get('0'.repeat(32));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, detail: 'Lien invalide' });
  });
});
