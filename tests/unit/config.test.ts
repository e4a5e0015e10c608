// The server refuses to start with a JWT_SECRET under 32 bytes: a French message, no stack, exit code 1.
// The secret it generates itself when JWT_SECRET is unset is long enough.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from '../../server/config';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-config-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('JWT_SECRET', () => {
  it('under 32 bytes is refused with a French message', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(31) })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'secret' })).toThrow(
      /JWT_SECRET est trop court \(6 octets\) : il faut au moins 32 octets/,
    );
    // Bytes, not characters: 16 accented letters are 32 bytes.
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'é'.repeat(16) }).jwtSecret).toBe('é'.repeat(16));
  });

  it('unset: the generated secret is used, and long enough', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(Buffer.byteLength(config.jwtSecret)).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
  });

  it('npm start with a short secret exits with code 1 and says why', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, JWT_SECRET: 'court', DATA_DIR: dataDir, SKIP_BUILD: '1', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Démarrage impossible : JWT_SECRET est trop court (5 octets)');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
