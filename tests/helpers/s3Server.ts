// A real S3-protocol server for the tests, started and stopped by the test itself: s3rver (MIT, pure
// JavaScript, from npm) in a child process (tests/helpers/s3rverProcess.mjs says why), on a random port of
// 127.0.0.1, its objects in a temp directory. Chosen because it installs from npm with no binary to download
// and speaks what the S3 store uses (HeadBucket, Put/Get with Range, HeadObject, multipart uploads,
// ListObjectsV2 with continuation, DeleteObject) to the AWS SDK v3 on Node 20, with signature checks; MinIO
// or Garage would be a binary or a container fetched from outside (docs/uploads.md, "Where files live").
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

import type { S3Settings } from '../../server/files/s3Storage';

export interface TestS3 {
  settings: S3Settings;
  close(): Promise<void>;
}

const SCRIPT = path.join(import.meta.dirname, 's3rverProcess.mjs');

export async function startS3Server(bucket = 'visio3d-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-s3-'));
  const child: ChildProcess = spawn(process.execPath, ['--openssl-legacy-provider', SCRIPT, directory, bucket], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`s3rver ended before it listened (code ${code})`)));
  });
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      // s3rver's own credentials: it checks each request's signature as S3 does.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.end();
      await ended;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
