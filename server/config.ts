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
  /** Sign-in counters shared through Redis (REDIS_URL), else PostgreSQL or memory: docs/login-throttle.md. */
  redisUrl?: string;
  trustProxy: boolean | number | string;
}

/** JWT_SECRET, or a secret generated once into DATA_DIR so tokens survive a restart. */
function jwtSecret(dataDir: string): string {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

/**
 * TRUST_PROXY: off by default (X-Forwarded-For is ignored, the address is the socket's). "true" trusts
 * every proxy, a number that many hops, anything else a comma-separated list of proxy addresses or CIDRs.
 */
export function trustProxy(raw: string | undefined): boolean | number | string {
  const v = (raw ?? '').trim();
  if (!v || /^(0|off|false|no)$/i.test(v)) return false;
  if (/^(on|true|yes)$/i.test(v)) return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
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
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: trustProxy(env.TRUST_PROXY),
  };
}
