// The S3 settings (README, "Configuration"): the disk unless S3_BUCKET is set; credentials both or neither;
// path-style by default with an endpoint; a bucket that does not answer stops npm start with a French
// message and exit code 1 before anything is opened.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { ConfigError, s3Settings } from '../../server/config';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-s3config-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('S3 settings', () => {
  it('none without S3_BUCKET; an endpoint alone is refused', () => {
    expect(s3Settings({})).toBeUndefined();
    expect(() => s3Settings({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(ConfigError);
  });

  it('an endpoint means path-style unless S3_FORCE_PATH_STYLE says off; AWS means virtual hosts', () => {
    const minio = {
      S3_BUCKET: 'b',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    };
    expect(s3Settings(minio)).toEqual({
      bucket: 'b',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
    expect(s3Settings({ ...minio, S3_FORCE_PATH_STYLE: 'off' })?.forcePathStyle).toBe(false);
    expect(s3Settings({ S3_BUCKET: 'b', S3_REGION: 'eu-west-3' })).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-3',
      forcePathStyle: false,
    });
  });

  it('credentials go together', () => {
    expect(() => s3Settings({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble/,
    );
  });

  it('npm start with a bucket that does not answer exits with code 1 and says why', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        SKIP_BUILD: '1',
        PORT: '0',
        // Nothing listens on port 9 of the loopback: the connection is refused at once.
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_BUCKET: 'absent',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Démarrage impossible : le bucket S3 « absent » ne répond pas');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    // Stopped before the database: no PGlite files were made.
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  }, 60_000);
});
