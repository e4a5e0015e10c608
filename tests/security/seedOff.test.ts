// ASVS 13.x / 15.x: `npm start` loads demo accounts only in its default demo mode. With SEED=off or
// NODE_ENV=production no account exists until `npm run create-admin` creates the first Admin.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { ROOT, startServer } from '../helpers/server';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-seedoff-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const login = (url: string, mail: string, password: string) =>
  fetch(`${url}/api/Auth/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail, password }),
  });

function createAdmin(dataDir: string, env: Record<string, string>) {
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'scripts/create-admin.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

const ADMIN = {
  ADMIN_MAIL: 'Premier.Admin@exemple.fr',
  ADMIN_PASSWORD: 'Premier!Admin2026',
  ADMIN_PRENOM: 'Paule',
  ADMIN_NOM: 'Martin',
};

describe.skipIf(!!process.env.TEST_DATABASE_URL)('no demo accounts outside demo mode', () => {
  it.each([
    ['SEED=off', { SEED: 'off' }],
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
  ])('%s starts with no account at all', async (_label, env) => {
    const server = await startServer({ SKIP_BUILD: '1', ...env }, tempDir());
    try {
      expect(server.output()).not.toContain('Demo!2026pass');
      for (const mail of ['admin@demo.fr', 'vendeur@demo.fr'])
        expect((await login(server.url, mail, 'Demo!2026pass')).status).toBe(401);
    } finally {
      await server.stop();
    }
  });

  it('create-admin refuses while the server holds the data directory, then creates the first Admin', async () => {
    const dataDir = tempDir();
    const server = await startServer({ SKIP_BUILD: '1', SEED: 'off' }, dataDir);
    try {
      const locked = createAdmin(dataDir, ADMIN);
      expect(locked.code).toBe(1);
      expect(locked.out).toMatch(/déjà utilisé par un autre serveur/);
    } finally {
      await server.stop();
    }

    const weak = createAdmin(dataDir, { ...ADMIN, ADMIN_PASSWORD: 'faible' });
    expect(weak.code).toBe(1);
    expect(weak.out).toContain('Mot de passe invalide (10 à 255 caractères)');

    const created = createAdmin(dataDir, ADMIN);
    expect(created.out).toContain('Administrateur premier.admin@exemple.fr créé');
    expect(created.code).toBe(0);
    expect(created.out).not.toContain(ADMIN.ADMIN_PASSWORD);

    const again = createAdmin(dataDir, { ...ADMIN, ADMIN_MAIL: 'second@exemple.fr' });
    expect(again.code).toBe(1);
    expect(again.out).toContain('Un administrateur existe déjà');

    const restarted = await startServer({ SKIP_BUILD: '1', SEED: 'off' }, dataDir);
    try {
      expect((await login(restarted.url, 'admin@demo.fr', 'Demo!2026pass')).status).toBe(401);
      const res = await login(restarted.url, 'premier.admin@exemple.fr', ADMIN.ADMIN_PASSWORD);
      expect(res.status).toBe(200);
      const auth = { authorization: `Bearer ${(await res.json()).token}` };
      const me = await (await fetch(`${restarted.url}/api/User/current`, { headers: auth })).json();
      expect(me).toMatchObject({
        role: 'Admin',
        prenom: 'Paule',
        nom: 'Martin',
        entreprise: { nomEntreprise: 'Visio3D' },
      });
      const users = await (await fetch(`${restarted.url}/api/User`, { headers: auth })).json();
      expect(users.$values).toHaveLength(1);
      // The reference data the Admin needs to create the next accounts is there.
      const roles = await (await fetch(`${restarted.url}/api/User/roles`, { headers: auth })).json();
      expect(roles.$values.map((r: { nomRole: string }) => r.nomRole).sort()).toEqual([
        'Admin',
        'Directeur',
        'Manager',
        'Vendeur',
      ]);
      const types = await (await fetch(`${restarted.url}/api/TypeLicence`, { headers: auth })).json();
      expect(types.$values.length).toBeGreaterThan(0);
    } finally {
      await restarted.stop();
    }
  });
});
