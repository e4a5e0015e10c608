// The main chunk carries V8's compile hint as its first line, as the server sends it (compressed), and its
// source map still points at the right source lines (scripts/compileHint.ts); other chunks do not carry it.
import fs from 'node:fs';
import path from 'node:path';

import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { describe, expect, inject, it } from 'vitest';

import { COMPILE_HINT } from '../../scripts/compileHint';

const get = async (url: string, encoding: string) => {
  const res = await fetch(url, { headers: { 'accept-encoding': encoding } });
  expect(res.status).toBe(200);
  return { text: await res.text(), encoding: res.headers.get('content-encoding') };
};

/** The main chunk's path, as the shell names it. */
async function mainChunk(base: string): Promise<string> {
  const html = (await get(`${base}/`, 'identity')).text;
  const main = /<script type="module"[^>]*src="(\/assets\/main-[^"]+\.js)"/.exec(html)?.[1];
  expect(main).toBeDefined();
  return main!;
}

describe('the compile hint of the main chunk', () => {
  it('is the first line of the main chunk in every encoding, and of no other chunk', async () => {
    const base = inject('baseUrl');
    const main = await mainChunk(base);
    let plain = '';
    for (const encoding of ['br', 'gzip', 'identity']) {
      const sent = await get(`${base}${main}`, encoding);
      expect(sent.encoding ?? 'identity').toBe(encoding);
      expect(sent.text.split('\n', 1)[0]).toBe(COMPILE_HINT);
      plain = sent.text;
    }
    const frame = /"(assets\/frame-[^"]+\.js)"/.exec(plain)?.[1];
    expect(frame).toBeDefined();
    expect((await get(`${base}/${frame}`, 'identity')).text).not.toContain(COMPILE_HINT);
  });

  it('leaves the source map pointing at the right lines', async () => {
    const base = inject('baseUrl');
    const main = await mainChunk(base);
    const code = (await get(`${base}${main}`, 'identity')).text;
    const map = new TraceMap((await get(`${base}${main}.map`, 'identity')).text);
    // A string of the main chunk's own code, and the line of the source that holds it.
    const needle = 'Service worker registration failed';
    const sourceLine =
      fs
        .readFileSync(path.resolve('src/pwa/register.tsx'), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes(needle)) + 1;
    expect(sourceLine).toBeGreaterThan(0);
    const before = code.slice(0, code.indexOf(needle)).split('\n');
    const found = originalPositionFor(map, { line: before.length, column: before.at(-1)!.length });
    expect(found.source).toMatch(/src\/pwa\/register\.tsx$/);
    expect(found.line).toBe(sourceLine);
  });
});
