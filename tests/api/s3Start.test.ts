// npm start (server/main.ts, a real process) with its files in S3, against the bucket the test started
// (tests/helpers/s3Server.ts): the banner says where files live, the local disk keeps no stored file, and
// the start-up sweep spares a fresh object no row names (another instance may be storing it: docs/scale.md).
// SEED=off: the full demo seed takes minutes on a loaded machine; tests/api/s3Storage.test.ts seeds into a
// bucket through the same code (seedDemo with the S3 store).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startS3Server, type TestS3 } from '../helpers/s3Server';
import { startServer } from '../helpers/server';

let s3: TestS3;
let client: S3Client;
let env: Record<string, string>;

beforeAll(async () => {
  s3 = await startS3Server();
  const { settings } = s3;
  client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId!, secretAccessKey: settings.secretAccessKey! },
  });
  env = {
    SKIP_BUILD: '1',
    SEED: 'off',
    S3_BUCKET: settings.bucket,
    S3_ENDPOINT: settings.endpoint!,
    S3_ACCESS_KEY_ID: settings.accessKeyId!,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey!,
  };
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
});

const bucketKeys = async () =>
  ((await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }))).Contents ?? []).map((o) => o.Key);

describe('npm start with S3_BUCKET', () => {
  it('serves with its files in the bucket and spares a fresh object no row names', { timeout: 300_000 }, async () => {
    const fresh = `catalogue/${crypto.randomUUID()}.png`;
    await client.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key: fresh, Body: 'pas encore de ligne' }));
    const server = await startServer(env);
    try {
      expect(server.output()).toContain(`Fichiers : bucket S3 « ${s3.settings.bucket} » (${s3.settings.endpoint})`);
      expect(server.output()).not.toContain('Fichiers nettoyés');
      expect(await bucketKeys()).toEqual([fresh]);
      const local = path.join(server.dataDir, 'files');
      const entries = fs.existsSync(local) ? fs.readdirSync(local, { recursive: true }).map(String) : [];
      expect(entries.filter((e) => e !== '.uploads')).toEqual([]);
      expect((await fetch(`${server.url}/api/User/current`)).status).toBe(401);
    } finally {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});
