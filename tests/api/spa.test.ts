// The built app as the server serves it: every app route answers HEAD like GET, '/' is the shell, the
// source maps of the bundle are served, the files the build compressed are sent as they are.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FAVICON_CACHE } from '../../server/http/spa';
import { PAGE_TITLES } from '../../src/app/pageTitles';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-dist-'));
const SHELL =
  '<!doctype html><html lang="fr"><head><title>Visio3D</title></head><body><div id="root"></div></body></html>';

const BIG = `export const text = ${JSON.stringify('Visio3D '.repeat(2000))};\n`;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1);\n//# sourceMappingURL=index-abc.js.map');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js.map'), '{"version":3,"sources":[],"mappings":""}');
  // A chunk as the build writes it: the plain file and its .br and .gz (vite.config.ts).
  fs.writeFileSync(path.join(dist, 'assets', 'big-abc.js'), BIG);
  fs.writeFileSync(path.join(dist, 'assets', 'big-abc.js.br'), zlib.brotliCompressSync(BIG));
  fs.writeFileSync(path.join(dist, 'assets', 'big-abc.js.gz'), zlib.gzipSync(BIG));
  fs.copyFileSync(path.resolve('public/favicon.ico'), path.join(dist, 'favicon.ico'));
  t = await createTestApp({ seed: false, distDir: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

// Every route of the route table, with its parameters filled in.
const appPaths = Object.keys(PAGE_TITLES).map((p) =>
  p.replace(/:[a-zA-Z]+/g, '1').replace('${entrepriseId}', '%24%7BentrepriseId%7D'),
);

describe('the app shell', () => {
  it.each(['/', ...appPaths])('GET and HEAD %s answer 200 with the shell', async (url) => {
    const get = await t.app.inject({ method: 'GET', url });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toMatch(/text\/html/);
    expect(get.body).toBe(SHELL);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
    expect(head.body).toBe('');
  });

  it('HEAD of an asset and of its source map answers like GET; a missing asset is 404 either way', async () => {
    for (const url of ['/assets/index-abc.js', '/assets/index-abc.js.map']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
    }
    for (const method of ['GET', 'HEAD'] as const)
      expect((await t.app.inject({ method, url: '/assets/nope.js' })).statusCode).toBe(404);
  });

  it('a file built with its .br and .gz is served from them, by Accept-Encoding; without them, as it is', async () => {
    const url = '/assets/big-abc.js';
    const brFile = fs.readFileSync(path.join(dist, 'assets', 'big-abc.js.br'));
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(brFile)).toBe(true); // the built file's bytes, not compressed again
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG);
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG);
    // A file the build did not compress (the shell here) is compressed as it is sent.
    const shell = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(shell.rawPayload).toString()).toBe(SHELL);
  });

  it('the API is never the shell: an unknown /api path answers 404 JSON, POST on an app route too', async () => {
    const api = await t.app.inject({ method: 'HEAD', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/login' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ status: 404 });
  });

  it('/favicon.ico is the built icon, an ICO file, kept a month (the viewer page declares it)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(FAVICON_CACHE);
    expect(res.headers['content-type']).toMatch(/icon/);
    // ICO header: reserved 0, type 1 (icon), then the image count.
    expect([...res.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(res.rawPayload.equals(fs.readFileSync(path.resolve('public/favicon.ico')))).toBe(true);
    // Other files outside /assets/ are still revalidated on each use.
    expect((await t.app.inject({ method: 'GET', url: '/index.html' })).headers['cache-control']).toBe('no-cache');
  });
});
