// npx tsx bench/profileCold.ts [--products N] [--events E] [--rounds R] [--over MS] [--profile] [--dist DIR]
// [--cpu K]:
// where the main thread's long tasks of a cold load go (bench/notes.md, fifteenth pass). Each round is the
// bench's cold load (a fresh context, empty IndexedDB, the company clicked) traced by Chromium; each main-thread
// task longer than --over ms (40) is listed with its trace events by self time, its large style and layout
// passes (how many objects), and with --profile its JavaScript functions. The rewrites of PrimeReact's
// <style> elements during the load are counted (src/app/stableStyles.ts). Uses the bench's data and dist/.
// --cpu K slows the page's CPU K times (Chromium's throttling), to see a slow host's tasks on a fast one.
import type { Page } from 'playwright-core';

import { coldRounds } from './coldRounds';
import { numberArg, stringArg } from './flags';
import { clickAndWaitDrawn, waitSettled } from './probe';
import { profileTimes, selfTimes, type TraceEvent } from './trace';

const products = numberArg('products', 334);
const events = numberArg('events', 3000);
const rounds = numberArg('rounds', 3);
const overUs = numberArg('over', 40) * 1000;
const profiling = process.argv.includes('--profile');
const dist = stringArg('dist');
const cpu = numberArg('cpu', 1);
const log = (s: string) => process.stdout.write(`${s}\n`);
const ms = (us: number) => (us / 1000).toFixed(1);

/** Counts, from now on, the replacements of the text of PrimeReact style elements already in the page. */
function countStyleRewrites(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { styleRewrites: number };
    w.styleRewrites = 0;
    new MutationObserver((list) => {
      for (const m of list)
        if ((m.target as Element).getAttribute?.('data-primereact-style-id') && m.removedNodes.length > 0)
          w.styleRewrites++;
    }).observe(document.head, { subtree: true, childList: true });
  });
}

async function main() {
  await coldRounds(
    { products, events, rounds, dist },
    async ({ n: round, browser, context, page, company }) => {
      await countStyleRewrites(page);

      const cdp = await context.newCDPSession(page);
      if (cpu !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      if (profiling) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
        await cdp.send('Profiler.start');
      }
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline.stack', 'v8', 'toplevel'],
      });
      const cold = await page.evaluate(clickAndWaitDrawn, company);
      await page.evaluate(waitSettled);
      const profile = profiling ? (await cdp.send('Profiler.stop')).profile : null;
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      const rewrites = await page.evaluate(() => (window as unknown as { styleRewrites: number }).styleRewrites);

      const evs = trace.traceEvents;
      const main = new Set(
        evs
          .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
          .map((e) => `${e.pid}:${e.tid}`),
      );
      const mainEvs = evs.filter((e) => main.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && e.dur !== undefined);
      const start = Math.min(...mainEvs.map((e) => e.ts));
      const tasks = mainEvs.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.dur! > overUs);
      log(
        `\n${round}. cold ${Math.round(cold.drawn - cold.t0)} ms; PrimeReact styles rewritten: ${rewrites}; tasks > ${ms(overUs)} ms: ${tasks.length}`,
      );
      for (const t of tasks) {
        const end = t.ts + t.dur!;
        const own = [...selfTimes(mainEvs, t.ts, end)]
          .filter(([n]) => n !== 'ThreadControllerImpl::RunTask')
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([n, v]) => `${n} ${ms(v)}`)
          .join(', ');
        log(`  +${ms(t.ts - start)} ms, ${ms(t.dur!)} ms : ${own}`);
        for (const e of mainEvs)
          if (['Layout', 'UpdateLayoutTree'].includes(e.name) && e.ts >= t.ts && e.ts < end && e.dur! > 5000) {
            const d = e.args?.beginData ?? {};
            const objects = e.name === 'Layout' ? `, ${d.dirtyObjects ?? '?'} / ${d.totalObjects ?? '?'} objets` : '';
            log(`      ${e.name} ${ms(e.dur!)} ms${objects}`);
          }
        if (profile)
          log(
            `      fonctions : ${profileTimes(profile, [{ from: t.ts, to: end }])
              .self.slice(0, 8)
              .map(([n, v]) => `${n} ${v.toFixed(1)}`)
              .join(' | ')}`,
          );
      }
    },
    log,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
