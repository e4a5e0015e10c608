// npx tsx bench/coldPhases.ts [--products N] [--events E] [--rounds R] [--dist DIR]: where a cold load's time goes, in
// three phases (bench/notes.md, twenty-third pass): from the click on the company to the first events call
// (the product list, the worker's IndexedDB reads, the versions call sent beside), the fan-out (first call
// sent to last answer read), and from the last answer to the figures drawn (the last write, the composed view,
// the page's render). Each round is the bench's cold load (a fresh context, empty IndexedDB); times come from
// Playwright's network events, so the fan-out is the driven one (slower than bare, see bareCold.ts).
import { coldRounds } from './coldRounds';
import { numberArg, stringArg } from './flags';
import { clickAndWaitDrawn } from './probe';

const products = numberArg('products', 334);
const events = numberArg('events', 3000);
const rounds = numberArg('rounds', 4);
const dist = stringArg('dist');
const log = (s: string) => process.stdout.write(`${s}\n`);
const EVENTS_CALL = /\/api\/ProductStatistics\/Product\/\d+/;

interface Call {
  url: string;
  sent: number;
  read: number;
}

async function main() {
  await coldRounds(
    { products, events, rounds, dist },
    async ({ n, context, page, company, baseUrl }) => {
      const calls = new Map<object, Call>();
      context.on('request', (r) => calls.set(r, { url: r.url().replace(baseUrl, ''), sent: Date.now(), read: NaN }));
      context.on('requestfinished', (r) => {
        const call = calls.get(r);
        if (call) call.read = Date.now();
      });
      const origin = await page.evaluate(() => performance.timeOrigin);
      const r = await page.evaluate(clickAndWaitDrawn, company);
      const t0 = origin + r.t0;
      const drawn = origin + r.drawn;
      const fanOut = [...calls.values()].filter((c) => EVENTS_CALL.test(c.url));
      const first = Math.min(...fanOut.map((c) => c.sent));
      const last = Math.max(...fanOut.map((c) => c.read));
      const ms = (x: number) => Math.round(x).toString();
      log(
        `${n}. cold ${ms(drawn - t0)} ms: to the 1st events call ${ms(first - t0)}, ` +
          `${fanOut.length} calls ${ms(last - first)}, after the last answer ${ms(drawn - last)}`,
      );
      for (const c of calls.values())
        if (!EVENTS_CALL.test(c.url)) log(`   ${c.url}: ${ms(c.sent - t0)} -> ${ms(c.read - t0)} ms`);
    },
    log,
  );
}

void main();
