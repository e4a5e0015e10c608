// PGlite keeps its files in DATA_DIR: data survives a restart, and a second server on the same
// directory refuses to start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { startServer } from '../helpers/server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-persist-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function login(url: string) {
  const res = await fetch(`${url}/api/Auth/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail: 'vendeur@demo.fr', password: 'Demo!2026pass' }),
  });
  return res;
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('PGlite data directory', () => {
  // Two real starts, the first loading the demo data (most of a minute on 2 busy cores): a longer limit.
  it(
    'keeps data across a restart and refuses a second server on the same directory',
    { timeout: 240_000 },
    async () => {
      const env = { SKIP_BUILD: '1' };
      const first = await startServer(env, dataDir);
      let token: string;
      try {
        const res = await login(first.url);
        expect(res.status).toBe(200);
        token = (await res.json()).token;
        // A change made through the API: logout bumps the user's token version in the database.
        expect(
          (
            await fetch(`${first.url}/api/Auth/logout`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}` },
            })
          ).status,
        ).toBe(204);

        await expect(startServer(env, dataDir)).rejects.toThrow(/déjà utilisé par un autre serveur/);
      } finally {
        await first.stop();
      }
      const second = await startServer(env, dataDir);
      try {
        expect(second.output()).toContain('déjà chargés');
        // The revoked token stays revoked: the change survived the restart (same generated JWT secret too).
        const me = await fetch(`${second.url}/api/User/current`, { headers: { authorization: `Bearer ${token}` } });
        expect(me.status).toBe(401);
        const fresh = await (await login(second.url)).json();
        expect(
          (await fetch(`${second.url}/api/User/current`, { headers: { authorization: `Bearer ${fresh.token}` } }))
            .status,
        ).toBe(200);
      } finally {
        await second.stop();
      }
    },
  );
});
