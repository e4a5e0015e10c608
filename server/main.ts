// npm start: build the app if needed, open and migrate the database, load the demo data on an empty one,
// then serve the app and /api.
import './engineFlags';

import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ensureEventPartitions, startRetention } from './analytics/retention';
import { buildApp } from './app';
import { ensureDist } from './build/ensureDist';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { DEMO_PASSWORD } from './db/seed/accounts';
import { seedIfEmpty } from './db/seed/index';
import { backfillModelFormats, convertPendingModels } from './files/modelBackfill';
import { ModelConversions } from './files/modelConversions';
import { openStorage } from './files/openStorage';
import { sweepStoredFiles } from './files/sweep';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const config = loadConfig();
  if (process.env.SKIP_BUILD !== '1') ensureDist(root);

  // The file store first (the demo data writes files): the disk, or the S3 bucket, checked now.
  const filesDir = path.join(config.dataDir, 'files');
  const files = await openStorage(filesDir, config.s3);

  // Migrations and the demo data on an empty database: once, even with N instances starting together on
  // one PostgreSQL (an advisory lock, server/db/client.ts).
  let seeded = false;
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir }, {
    setup: async (db) => {
      // The months kept and those ahead as partitions before any event is written (docs/privacy.md).
      await ensureEventPartitions(db, new Date(), config.eventsRetentionMonths);
      if (!config.seed) return;
      const started = Date.now();
      seeded = await seedIfEmpty(db, { filesDir, files });
      if (seeded) console.log(`Données de démonstration chargées en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    },
  });

  // Several instances must sign with one secret: each would otherwise make its own in its DATA_DIR, and a
  // session opened on one would be refused by the others (docs/scale.md).
  if (database.kind === 'postgres' && !process.env.JWT_SECRET)
    console.warn(
      'JWT_SECRET n’est pas défini : ce serveur signe avec le secret de son DATA_DIR. Avec plusieurs instances ' +
        'sur la même base, donnez-leur le même JWT_SECRET, sinon une session ouverte sur l’une est refusée par les autres.',
    );

  // Before listening: what a killed process left (temp files, files without their row) goes now; in a
  // bucket other instances share, only orphans an hour old (server/files/sweep.ts).
  const swept = await sweepStoredFiles(database.db, files, { shared: files.kind === 's3' });
  if (swept.temp.length + swept.orphans.length) {
    console.log(
      `Fichiers nettoyés au démarrage : ${swept.temp.length} temporaire(s), ${swept.orphans.length} sans enregistrement.`,
    );
  }

  // 3D files stored before their format was recorded at upload: read once, before any viewer asks.
  await backfillModelFormats(database.db, files);
  const conversions = new ModelConversions();

  const app = await buildApp({
    conversions,
    db: database.db,
    jwtSecret: config.jwtSecret,
    filesDir,
    files,
    shareLinkDays: config.shareLinkDays,
    eventsRetentionMonths: config.eventsRetentionMonths,
    redisUrl: config.redisUrl,
    trustProxy: config.trustProxy,
    // DIST_DIR serves another build (the PWA update test serves a second build this way).
    distDir: process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(root, 'dist'),
    logger: { level: process.env.LOG_LEVEL || 'warn' },
    mail: config.mail,
  });
  const address = await app.listen({ port: config.port, host: config.host });
  // Months older than EVENTS_RETENTION_MONTHS dropped now, then daily (docs/privacy.md).
  const stopRetention = startRetention(database.db, { months: config.eventsRetentionMonths });

  // One write, so whoever waits for "prêt sur" reads the whole banner.
  const banner = [
    `\nBack-office 3D/AR prêt sur ${address}`,
    `Base : ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite dans ${config.dataDir}`}`,
    config.mail.smtpUrl
      ? `E-mails : envoyés par SMTP_URL, liens vers ${config.mail.publicUrl}`
      : 'E-mails : envoi désactivé (SMTP_URL absent), ni rapport ni alerte ne partent',
    `Fichiers : ${config.s3 ? `bucket S3 « ${config.s3.bucket} »${config.s3.endpoint ? ` (${config.s3.endpoint})` : ''}` : filesDir}`,
  ];
  if (config.seed) {
    banner.push(
      `Comptes de démonstration${seeded ? '' : ' (déjà chargés)'} — mot de passe ${DEMO_PASSWORD} :`,
      '  admin@demo.fr (Admin), directeur@demo.fr, manager@demo.fr, vendeur@demo.fr,',
      '  attente@demo.fr (licence non activée), inactif@demo.fr (désactivé)',
    );
  }
  console.log(banner.join('\n'));

  // Their STLs are converted in the background, through the same queue as uploads (never on a view).
  convertPendingModels(database.db, files, conversions, (m) => app.log.warn(m))
    .then(({ converted, failed }) => {
      if (converted + failed) console.log(`Modèles 3D convertis au démarrage : ${converted}, refusés : ${failed}.`);
    })
    .catch((err) => app.log.error({ err }, 'background model conversion stopped'));

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    stopRetention();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((err) => {
  if (err instanceof DataDirLockedError || err instanceof ConfigError)
    console.error(`Démarrage impossible : ${err.message}`);
  else console.error(err);
  process.exit(1);
});
