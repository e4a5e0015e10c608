// The public viewer's routes (docs/viewer.md): no session; the product's public key is the only thing that
// names a product, whoever calls (tests/api/collect.test.ts checks that a key writes into its own product
// only). Cells: "own" a batch on a key of the principal's company (202), "other" the same key with a time
// two days old (refused, 400, nothing written), "unknown" a key no product has (404).
import { eq } from 'drizzle-orm';

import { visitSigner } from '../../../server/collect/visitTokens';
import * as s from '../../../server/db/schema';
import { BROWSER_AGENT } from '../../helpers/viewerVisit';
import { type Fixtures, type Principal, TEST_SECRET } from '../harness/fixtures';
import { everyone, type MatrixEntry, type Target } from './types';

export async function viewerKey(fx: Fixtures, p: Principal, target: Target): Promise<string> {
  if (target === 'unknown') return '0'.repeat(32);
  const id = await fx.groupe(fx.own(p));
  const [g] = await fx.db
    .select({ key: s.groupeModels.publicKey })
    .from(s.groupeModels)
    .where(eq(s.groupeModels.idGroupeModel, id));
  return g.key;
}

export const viewerEntries: MatrixEntry[] = [
  {
    route: 'POST /api/collect',
    roles: everyone,
    public: true,
    record: true,
    expect: ({ target }) => (target === 'unknown' ? [404] : target === 'other' ? [400] : [202]),
    request: async (fx, c) => {
      const key = await viewerKey(fx, c.principal, c.target);
      return {
        url: '/api/collect',
        // A browser's: inject's own user agent reads as a bot, whose batches are ignored (202).
        headers: { 'user-agent': BROWSER_AGENT, 'sec-fetch-site': 'same-origin' },
        payload: {
          key,
          sessionId: 'matrix-session',
          // The token the page would have received for this key (signed as the server does).
          visit: visitSigner(TEST_SECRET).sign(key, 'matrix-session', Date.now()),
          events: [
            {
              type: 'consultation',
              ...(c.target === 'other' ? { at: new Date(Date.now() - 2 * 86_400_000).toISOString() } : {}),
            },
          ],
        },
      };
    },
  },
  {
    // The key is the only credential: any caller reads the product's public card, and nothing more.
    route: 'GET /api/viewer/:key',
    roles: everyone,
    public: true,
    record: true,
    expect: ({ target }) => (target === 'unknown' ? [404] : [200]),
    request: async (fx, c) => ({ url: `/api/viewer/${await viewerKey(fx, c.principal, c.target)}` }),
    unreadable: (_cell, body) => Object.keys(body as object).filter((k) => !VIEWER_FIELDS.has(k)),
  },
  {
    // The fixtures' products have no stored model: the route says so (404) for a known key as for an unknown one.
    route: 'GET /api/viewer/:key/model',
    roles: everyone,
    public: true,
    record: true,
    expect: () => [404],
    request: async (fx, c) => ({ url: `/api/viewer/${await viewerKey(fx, c.principal, c.target)}/model` }),
  },
  {
    // A visit's token for any caller holding the key; nothing else in the answer.
    route: 'GET /api/viewer/:key/visit',
    roles: everyone,
    public: true,
    record: true,
    expect: ({ target }) => (target === 'unknown' ? [404] : [200]),
    request: async (fx, c) => ({
      url: `/api/viewer/${await viewerKey(fx, c.principal, c.target)}/visit?session=matrix-session`,
    }),
    unreadable: (_cell, body) => Object.keys(body as object).filter((k) => k !== 'visit'),
  },
  {
    // A content address names one version of one product's model: none here (no stored model), so 404.
    route: 'GET /api/viewer/:key/model/:file',
    roles: everyone,
    public: true,
    record: true,
    expect: () => [404],
    request: async (fx, c) => ({
      url: `/api/viewer/${await viewerKey(fx, c.principal, c.target)}/model/0123456789abcdef.glb`,
    }),
  },
  {
    // The poster only under the address its product's data gives: a guessed one is 404.
    route: 'GET /api/viewer/:key/poster/:file',
    roles: everyone,
    public: true,
    record: true,
    expect: () => [404],
    request: async (fx, c) => ({
      url: `/api/viewer/${await viewerKey(fx, c.principal, c.target)}/poster/0123456789abcdef.png`,
    }),
  },
];

/** What the public card may show: no id, no company, no file key (the poster's URL is a hash of it). */
const VIEWER_FIELDS = new Set(['nom', 'prix', 'modelUrl', 'posterUrl', 'unsupportedFormat', 'quoteUrl']);
