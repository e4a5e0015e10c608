// Configuration from the environment (DESIGN.md section 5).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  seed: boolean;
  shareLinkDays: number;
}

/** JWT_SECRET, or a secret generated once into DATA_DIR so tokens survive a restart. */
function jwtSecret(dataDir: string): string {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

export function loadConfig(env = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const seedOff = env.SEED === 'off' || env.SEED === 'false' || env.SEED === '0' || env.NODE_ENV === 'production';
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: jwtSecret(dataDir),
    seed: !seedOff,
    shareLinkDays: Number(env.SHARE_LINK_DAYS || 30),
  };
}
