// npm start builds the app when dist/ is missing or older than its sources; a build still running (or killed
// halfway) has index.html but not yet its service worker, and must count as missing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { isDistStale } from '../../server/build/ensureDist';

let root: string;
const write = (file: string, at: number) => {
  const p = path.join(root, file);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, '');
  fs.utimesSync(p, at / 1000, at / 1000);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-dist-'));
  write('src/main.tsx', Date.now() - 60_000);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('isDistStale', () => {
  it('is stale without a build', () => {
    expect(isDistStale(root)).toBe(true);
  });

  it('is stale while a build has written index.html but not its service worker', () => {
    write('dist/index.html', Date.now());
    expect(isDistStale(root)).toBe(true);
  });

  it('is fresh once the service worker is written after the sources', () => {
    write('dist/index.html', Date.now());
    write('dist/sw.js', Date.now());
    expect(isDistStale(root)).toBe(false);
  });

  it('is stale when a source changed after the build', () => {
    write('dist/index.html', Date.now() - 30_000);
    write('dist/sw.js', Date.now() - 30_000);
    write('src/main.tsx', Date.now());
    expect(isDistStale(root)).toBe(true);
  });
});
