// The insight's cases timed in Chromium's dedicated worker (bench/insightsWorkerEntry.ts), the engine the
// analytics worker runs in: bundled by Vite as one script, served from loopback, run once per bench.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { chromium } from 'playwright-core';
import { build, type Rollup } from 'vite';

import { CHROMIUM_FLAGS, chromiumPath } from '../tests/helpers/browser';
import { median } from './stats';

export interface WorkerTimes {
  /** The first call: the index built and joined, the JIT cold. */
  first: number;
  cases: Array<{ median: number; longest: number }>;
  /** bench/insightsFigures.ts's cases, in the same order. */
  figures: Array<{ label: string; median: number; longest: number }>;
  chromium: string;
}

interface Answer {
  first: number;
  times: number[][];
  figures: WorkerTimes['figures'];
}

async function bundle(): Promise<string> {
  const root = path.resolve(import.meta.dirname, '..');
  const out = (await build({
    configFile: false,
    logLevel: 'silent',
    root,
    build: {
      write: false,
      minify: false,
      lib: { entry: path.join(root, 'bench/insightsWorkerEntry.ts'), formats: ['iife'], name: 'insightsBench' },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  return (Array.isArray(out) ? out[0] : out).output[0].code;
}

export async function measureInsightsInWorker(opts: {
  products: number;
  events: number;
  runs: number;
}): Promise<WorkerTimes> {
  const script = await bundle();
  const server = http.createServer((req, res) => {
    const js = req.url === '/worker.js';
    res.setHeader('Content-Type', js ? 'text/javascript' : 'text/html');
    res.end(js ? script : '<!doctype html><title>bench</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    const result = await page.evaluate(
      (ask) =>
        new Promise<Answer>((resolve, reject) => {
          const worker = new Worker('/worker.js');
          worker.onmessage = (e: MessageEvent<Answer>) => resolve(e.data);
          worker.onerror = (e) => reject(new Error(e.message));
          worker.postMessage(ask);
        }),
      opts,
    );
    return {
      first: result.first,
      cases: result.times.map((t) => ({ median: median(t), longest: Math.max(...t) })),
      figures: result.figures,
      chromium: browser.version(),
    };
  } finally {
    await browser.close();
    server.close();
  }
}
