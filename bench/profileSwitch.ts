// npx tsx bench/profileSwitch.ts [--products N] [--events E] [--rounds R]: where a selection switch's time
// goes (bench/notes.md). The bench's 20 switches on a synthetic company, traced by Chromium: per switch,
// the time from the click to the figures painted, and per thread (page, worker) what ran in that window,
// by trace event (self time); then the JavaScript functions with the most self time (CPU profiles of both
// threads, sampled every 100 µs). Uses the bench's data (bench/dataDir.ts) and the built app (dist/).
import type { Browser, CDPSession } from 'playwright-core';

import { launchBrowser } from '../tests/helpers/browser';
import { startServer } from '../tests/helpers/server';
import { pgliteDataDir } from './dataDir';
import { numberArg, stringArg } from './flags';
import { benchContext, openDropdown, signIn, START_QUERY, SWITCHES } from './ours';
import { clickAndWaitDrawn, waitSettled } from './probe';
import { median, percentile } from './stats';
import { profileTimes, selfTimes, type TraceEvent } from './trace';

const products = numberArg('products', 334);
const events = numberArg('events', 3000);
const rounds = numberArg('rounds', 2);
/** Profiler sampling interval (µs): coarse, so that the profiler slows the page little. */
const SAMPLING_US = numberArg('sampling', 500);
const TOP_TOTAL = numberArg('top', 40);
/** Another build of the app (e.g. unminified, for readable function names): served through DIST_DIR. */
const dist = stringArg('dist');
const log = (s: string) => process.stdout.write(`${s}\n`);
/** --no-profile: trace only (the sampling profiler slows the page several times over). */
/**
 * --after-reload: the switches after a repeat visit (a reload, the company chosen again), as in the bench,
 * where the worker reads the records back while the first switches are asked (the reload's worker is the
 * one profiled).
 */
const afterReload = process.argv.includes('--after-reload');
const profiling = !['--no-profile', '--no-trace', '--warm'].some((f) => process.argv.includes(f));
/** --no-trace: neither trace nor profile, the switch times alone. */
const tracing = !process.argv.includes('--no-trace');

/** The dedicated worker's CPU profiler through a browser-level session (it has no page session). */
async function workerProfiler(browser: CDPSession) {
  const { targetInfos } = await browser.send('Target.getTargets');
  const worker = targetInfos.find((t: any) => t.type === 'worker' && t.url.includes('analytics'));
  if (!worker) throw new Error('analytics worker not found');
  const { sessionId } = await browser.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
  let id = 1;
  const pending = new Map<number, (v: any) => void>();
  browser.on('Target.receivedMessageFromTarget', (e: any) => {
    const msg = JSON.parse(e.message);
    pending.get(msg.id)?.(msg.result);
  });
  const call = (method: string, params: object = {}) =>
    new Promise<any>((resolve) => {
      const n = id++;
      pending.set(n, resolve);
      void browser.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: n, method, params }),
      });
    });
  return call;
}

async function main() {
  const { dir, companies } = await pgliteDataDir([{ products, events }], false, log);
  const company = companies.find((c) => c.products === products && c.events === events)!;
  const server = await startServer({ SEED: 'off', ...(dist ? { DIST_DIR: dist, SKIP_BUILD: '1' } : {}) }, dir);
  let browser: Browser | null = null;
  try {
    browser = await launchBrowser();
    const context = await benchContext(browser, server.url);
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`/dashboard?${START_QUERY}`);
    await openDropdown(page, 'dashboard-company', company.name);
    const cold = await page.evaluate(clickAndWaitDrawn, company.name);
    await page.evaluate(waitSettled);
    log(`${company.name}: cold ${Math.round(cold.drawn - cold.t0)} ms`);
    if (afterReload) {
      await page.goto(`/dashboard?${START_QUERY}`);
      await openDropdown(page, 'dashboard-company', company.name);
      const warm = await page.evaluate(clickAndWaitDrawn, company.name);
      log(`${company.name}: warm ${Math.round(warm.drawn - warm.t0)} ms`);
      await page.evaluate(waitSettled);
    }

    const pageCdp = await context.newCDPSession(page);
    // A repeat visit makes a new worker: only the page is profiled then (--warm implies --no-profile).
    const workerCall = await workerProfiler(await browser.newBrowserCDPSession());
    if (profiling)
      for (const call of [(m: string, p?: object) => pageCdp.send(m as any, p as any), workerCall]) {
        await call('Profiler.enable');
        await call('Profiler.setSamplingInterval', { interval: SAMPLING_US });
        await call('Profiler.start');
      }
    if (tracing)
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline.stack',
          ...(process.argv.includes('--invalidations')
            ? ['disabled-by-default-devtools.timeline.invalidationTracking']
            : []),
          'blink.user_timing',
          'v8',
          'toplevel',
        ],
      });

    const switches: Array<{ label: string; ms: number }> = [];
    // --warm: instead of the switches, `rounds` repeat visits (a reload, the company chosen again).
    const warm = process.argv.includes('--warm');
    for (let i = 0; i < (warm ? rounds : SWITCHES.length * rounds); i++) {
      const [id, text] = warm ? ['dashboard-company', company.name] : SWITCHES[i % SWITCHES.length];
      if (warm) await page.goto(`/dashboard?${START_QUERY}`);
      await openDropdown(page, id, text);
      const r = await page.evaluate(clickAndWaitDrawn, text);
      await page.evaluate(([n, t0, t1]) => performance.measure(`switch ${n}`, { start: t0, end: t1 }), [
        i,
        r.t0,
        r.drawn,
      ] as [number, number, number]);
      switches.push({ label: text, ms: r.drawn - r.t0 });
      await page.evaluate(waitSettled);
    }

    log(
      `\nSwitches (${switches.length}): median ${median(switches.map((s) => s.ms)).toFixed(1)} ms, 95th percentile ${percentile(
        switches.map((s) => s.ms),
        95,
      ).toFixed(1)} ms${profiling ? ' (profiler on: everything is slower)' : tracing ? ' (tracing on)' : ''}`,
    );
    if (!tracing) {
      switches.forEach((s, i) => log(`  ${i + 1}. ${s.label}: ${s.ms.toFixed(1)} ms`));
      return;
    }
    const pageProfile = profiling ? (await pageCdp.send('Profiler.stop')).profile : null;
    const workerProfile = profiling ? (await workerCall('Profiler.stop'))?.profile : null;
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const evs = trace.traceEvents;
    const threadName = new Map<string, string>();
    for (const e of evs) if (e.ph === 'M' && e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args.name);
    const measures = evs.filter((e) => e.name.startsWith('switch ') && (e.ph === 'b' || e.ph === 'e'));
    const windows = switches.map((_, i) => {
      const b = measures.find((e) => e.name === `switch ${i}` && e.ph === 'b');
      const e = measures.find((m) => m.name === `switch ${i}` && m.ph === 'e');
      return b && e ? { from: b.ts, to: e.ts } : null;
    });
    const threadsOf = (pattern: RegExp) => [...threadName].filter(([, n]) => pattern.test(n)).map(([k]) => k);
    const byThread = (keys: string[]) => evs.filter((e) => keys.includes(`${e.pid}:${e.tid}`));
    const mainKeys = threadsOf(/^CrRendererMain$/);
    const workerKeys = threadsOf(/DedicatedWorker/);
    const mainEvs = byThread(mainKeys);
    const workerEvs = byThread(workerKeys);

    log('| # | to | duration | page: busy time | worker: busy time | page: main items |');
    log('|---|---|---|---|---|---|');
    const totals = { main: new Map<string, number>(), worker: new Map<string, number>() };
    switches.forEach((s, i) => {
      const w = windows[i];
      if (!w) return;
      const m = selfTimes(mainEvs, w.from, w.to);
      const k = selfTimes(workerEvs, w.from, w.to);
      const busy = (t: Map<string, number>) => [...t].reduce((a, [, v]) => a + v, 0);
      m.forEach((v, n) => totals.main.set(n, (totals.main.get(n) ?? 0) + v));
      k.forEach((v, n) => totals.worker.set(n, (totals.worker.get(n) ?? 0) + v));
      const top = [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([n, v]) => `${n} ${(v / 1000).toFixed(1)}`)
        .join(', ');
      log(
        `| ${i + 1} | ${s.label} | ${s.ms.toFixed(1)} ms | ${(busy(m) / 1000).toFixed(1)} ms | ${(busy(k) / 1000).toFixed(1)} ms | ${top} |`,
      );
    });
    // --detail: the main thread's and worker's tasks inside each switch window, in time order.
    if (process.argv.includes('--detail'))
      switches.forEach((s, i) => {
        const w = windows[i];
        if (!w) return;
        log(`\n${i + 1}. ${s.label} (${s.ms.toFixed(1)} ms):`);
        for (const [label, list] of [
          ['page', mainEvs],
          ['worker', workerEvs],
        ] as const) {
          const tasks = list.filter(
            (e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.ts < w.to && e.ts + e.dur! > w.from,
          );
          for (const t of tasks) {
            const inner = selfTimes(list, t.ts, t.ts + t.dur!);
            const top = [...inner]
              .filter(([n]) => n !== 'ThreadControllerImpl::RunTask')
              .sort((a, b) => b[1] - a[1])
              .slice(0, 5)
              .map(([n, v]) => `${n} ${(v / 1000).toFixed(1)}`)
              .join(', ');
            log(
              `  ${label.padEnd(6)} +${((t.ts - w.from) / 1000).toFixed(1).padStart(5)} ms  ${(t.dur! / 1000).toFixed(1).padStart(5)} ms  ${top}`,
            );
            // --invalidations: what marked the layout dirty in this task, by reason and node.
            const reasons = new Map<string, number>();
            for (const e of list)
              if (e.name === 'LayoutInvalidationTracking' && e.ts >= t.ts - 20_000 && e.ts < t.ts + t.dur!) {
                const d = e.args?.data ?? {};
                const k = `${d.reason} ${d.nodeName ?? ''}`;
                reasons.set(k, (reasons.get(k) ?? 0) + 1);
              }
            if (reasons.size)
              log(
                `           invalidated: ${[...reasons]
                  .sort((a, b) => b[1] - a[1])
                  .slice(0, 6)
                  .map(([k, v]) => `${k} x${v}`)
                  .join(' ; ')}`,
              );
            // Large layouts: how many objects were dirty, and from where they were forced.
            for (const e of list)
              if (e.name === 'Layout' && e.ph === 'X' && e.ts >= t.ts && e.ts < t.ts + t.dur! && e.dur! > 1500)
                log(
                  `           Layout ${(e.dur! / 1000).toFixed(1)} ms: ${e.args?.beginData?.dirtyObjects ?? '?'} / ${e.args?.beginData?.totalObjects ?? '?'} objects${e.args?.beginData?.stackTrace ? `, forced by ${e.args.beginData.stackTrace.map((f: any) => f.functionName).join(' < ')}` : ''}`,
                );
          }
        }
      });
    for (const [label, t] of [
      ['page', totals.main],
      ['worker', totals.worker],
    ] as const) {
      log(`\nSelf time per trace event, ${label}, mean per switch (ms):`);
      for (const [n, v] of [...t].sort((a, b) => b[1] - a[1]).slice(0, 14))
        log(`  ${(v / 1000 / switches.length).toFixed(2).padStart(7)}  ${n}`);
    }
    for (const [label, p] of [
      ['page', pageProfile],
      ['worker', workerProfile],
    ] as const) {
      if (!p) continue;
      // --only LABEL: the functions of the switches to that option only.
      const only = stringArg('only');
      const picked = only !== null ? windows.map((w, i) => (switches[i].label === only ? w : null)) : windows;
      const t = profileTimes(p, picked.some(Boolean) ? picked : windows);
      log(`\nFunctions, ${label}, self time per switch (ms, within the switches' windows):`);
      for (const [n, v] of t.self.slice(0, 25)) log(`  ${(v / switches.length).toFixed(2).padStart(7)}  ${n}`);
      log(`\nFunctions, ${label}, total time per switch (ms):`);
      for (const [n, v] of t.total.slice(0, TOP_TOTAL)) log(`  ${(v / switches.length).toFixed(2).padStart(7)}  ${n}`);
    }
    await context.close();
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
