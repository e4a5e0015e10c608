// Configuration from the environment (README.md, Configuration).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { MIN_SECRET_BYTES } from './auth/tokens';
import type { S3Settings } from './files/s3Storage';

/** A setting the server cannot start with; its message is for whoever starts it (French, no stack). */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

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
  /** Files in an S3-compatible bucket when S3_BUCKET is set, else on disk under DATA_DIR/files. */
  s3?: S3Settings;
  /** EVENTS_RETENTION_MONTHS: months of events kept (server/analytics/retention.ts, docs/privacy.md). */
  eventsRetentionMonths: number;
  /** Mailed reports and alerts (docs/notifications.md): SMTP_URL (none: sending is off), MAIL_FROM, PUBLIC_URL. */
  mail: { smtpUrl?: string; from?: string; publicUrl: string };
}

/** JWT_SECRET, or a secret generated once into DATA_DIR so tokens survive a restart. */
function jwtSecret(dataDir: string, given: string | undefined): string {
  if (given) {
    // A short HS256 key can be found offline from one token: refuse to start rather than sign with it.
    const bytes = Buffer.byteLength(given, 'utf8');
    if (bytes < MIN_SECRET_BYTES) {
      throw new ConfigError(
        `JWT_SECRET est trop court (${bytes} octets) : il faut au moins ${MIN_SECRET_BYTES} octets. ` +
          `Générez-en un, par exemple avec « openssl rand -base64 48 », ou retirez JWT_SECRET pour qu'un secret soit créé dans DATA_DIR.`,
      );
    }
    return given;
  }
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

const OFF = /^(0|off|false|no)$/i;

/** S3_*: the bucket store's settings, or undefined for the local disk (docs/uploads.md, "Where files live"). */
export function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    if (env.S3_ENDPOINT) throw new ConfigError('S3_ENDPOINT est donné sans S3_BUCKET : indiquez aussi le bucket.');
    return undefined;
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  // Both or neither (then the SDK's own chain: AWS_* variables, instance role…).
  if (!accessKeyId !== !secretAccessKey)
    throw new ConfigError('S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble : donnez les deux, ou aucun.');
  const endpoint = env.S3_ENDPOINT || undefined;
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim();
  return {
    bucket,
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    // Self-hosted services (MinIO, Garage) answer path-style URLs; AWS itself prefers virtual hosts.
    forcePathStyle: pathStyle ? !OFF.test(pathStyle) : !!endpoint,
  };
}

/** EVENTS_RETENTION_MONTHS by default: the CNIL's limit for audience measurement without consent. */
export const DEFAULT_RETENTION_MONTHS = 25;

/**
 * EVENTS_RETENTION_MONTHS: 25 by default, the CNIL's limit for audience measurement without consent; a
 * whole number from 1 to 25 (more would keep events longer than that exemption allows).
 */
export function retentionMonths(raw: string | undefined): number {
  const v = (raw ?? '').trim();
  if (!v) return DEFAULT_RETENTION_MONTHS;
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < 1 || n > DEFAULT_RETENTION_MONTHS)
    throw new ConfigError(
      `EVENTS_RETENTION_MONTHS vaut « ${v} » : il faut un nombre entier de mois, de 1 à ${DEFAULT_RETENTION_MONTHS} ` +
        '(la CNIL limite à 25 mois la conservation des données de mesure d’audience sans consentement).',
    );
  return n;
}

export function loadConfig(env = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const seedOff = env.SEED === 'off' || env.SEED === 'false' || env.SEED === '0' || env.NODE_ENV === 'production';
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: jwtSecret(dataDir, env.JWT_SECRET),
    seed: !seedOff,
    shareLinkDays: Number(env.SHARE_LINK_DAYS || 30),
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: trustProxy(env.TRUST_PROXY),
    s3: s3Settings(env),
    eventsRetentionMonths: retentionMonths(env.EVENTS_RETENTION_MONTHS),
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.MAIL_FROM || undefined,
      publicUrl: env.PUBLIC_URL || `http://${env.HOST || '127.0.0.1'}:${Number(env.PORT || 8080)}`,
    },
  };
}
