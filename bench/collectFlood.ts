// Attacks on POST /api/collect (docs/viewer.md, "Limits"; docs/security-dos.md), timed beside another
// user's light call (GET /api/User/current, one after the other from its own address):
// - robot agents: one address, unique 512-character User-Agents on 10 connections (the address limit
//   runs before the robot test, which costs one pass over the agent; the agents have a browser's shape, so
//   each goes through the whole crawler match, then is refused for its missing visit token);
// - a collection flood: 60 loopback addresses each opening visits (GET /api/viewer/{key}?session=…) and
//   sending full batches of quote clicks into one product, then a new visitor from a fresh address.
// Prints the light call's p50/p95 idle and under each attack, the statuses, the events accepted, and the
// CPU model. Standalone: npx tsx bench/collectFlood.ts [--seconds N]; npm run bench runs it (--no-collect).
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';

import { startServer } from '../tests/helpers/server';
import { adminToken } from './ours';
import { percentile } from './stats';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

interface Answer {
  status: number;
  body: string;
}

/** One HTTP request from a chosen loopback address (each address its own kept-alive connections). */
function request(
  base: URL,
  from: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: base.hostname, port: base.port, method, path, headers, localAddress: from, agent: agentFor(from) },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
const agents = new Map<string, http.Agent>();
const agentFor = (from: string) => {
  let a = agents.get(from);
  if (!a) agents.set(from, (a = new http.Agent({ keepAlive: true, maxSockets: 10 })));
  return a;
};

/** Another user's light call, one after the other, until stop(): each call's time (ms). */
function lightCalls(base: URL, token: string) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const t = performance.now();
      const res = await request(base, '127.0.0.1', 'GET', '/api/User/current', { authorization: `Bearer ${token}` });
      if (res.status !== 200) throw new Error(`/api/User/current : ${res.status}`);
      times.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length };
    },
  };
}

const during = async (seconds: number, work: (until: number) => Promise<void>) => {
  const until = Date.now() + seconds * 1000;
  await work(until);
};

export interface CollectFloodResult {
  cpu: string;
  seconds: number;
  idle: { p50: number; p95: number; n: number };
  robots: { light: { p50: number; p95: number; n: number }; statuses: Record<number, number> };
  flood: {
    light: { p50: number; p95: number; n: number };
    statuses: Record<number, number>;
    accepted: number;
    visitorAccepted: number;
  };
  markdown: string;
}

export async function runCollectFlood(
  seconds = 10,
  log: (s: string) => void = console.log,
): Promise<CollectFloodResult> {
  const server = await startServer({ SEED: 'on' });
  try {
    const base = new URL(server.url);
    const token = await adminToken(server.url);
    const auth = { authorization: `Bearer ${token}` };
    const companies = JSON.parse((await request(base, '127.0.0.1', 'GET', '/api/Entreprise', auth)).body) as {
      $values: Array<{ entrepriseId: number }>;
    };
    const products = JSON.parse(
      (
        await request(
          base,
          '127.0.0.1',
          'GET',
          `/api/GroupeModel?entrepriseId=${companies.$values[0].entrepriseId}`,
          auth,
        )
      ).body,
    ) as { $values: Array<{ publicKey: string }> };
    const key = products.$values[0].publicKey;
    const count = (m: Record<number, number>, s: number) => (m[s] = (m[s] ?? 0) + 1);

    let light = lightCalls(base, token);
    await new Promise((r) => setTimeout(r, 2000));
    const idle = await light.stop();

    log(`collect: unique robot agents from one address, 10 connections, ${seconds} s…`);
    const robotStatuses: Record<number, number> = {};
    light = lightCalls(base, token);
    await during(seconds, (until) =>
      Promise.all(
        Array.from({ length: 10 }, async () => {
          while (Date.now() < until) {
            const agent =
              `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 ${crypto.randomBytes(230).toString('hex')}`.slice(
                0,
                512,
              );
            const res = await request(
              base,
              '127.0.0.2',
              'POST',
              '/api/collect',
              { 'content-type': 'text/plain', 'user-agent': agent },
              JSON.stringify({ key, sessionId: 'robot-robot', events: [{ type: 'conversion' }] }),
            );
            count(robotStatuses, res.status);
          }
        }),
      ).then(() => undefined),
    );
    const robotsLight = await light.stop();

    log(`collect: 60 addresses, visits and 50 quote requests sent into one product, ${seconds} s…`);
    const floodStatuses: Record<number, number> = {};
    let accepted = 0;
    light = lightCalls(base, token);
    await during(seconds, (until) =>
      Promise.all(
        Array.from({ length: 60 }, async (_, a) => {
          const from = `127.0.1.${a + 1}`;
          for (let v = 0; Date.now() < until; v++) {
            const sessionId = `flood-${a}-${v}`;
            const info = await request(base, from, 'GET', `/api/viewer/${key}?session=${sessionId}`, {});
            const visit = (JSON.parse(info.body) as { visit?: { token: string } | null }).visit;
            const res = await request(
              base,
              from,
              'POST',
              '/api/collect',
              { 'content-type': 'text/plain', 'user-agent': CHROME },
              JSON.stringify({
                key,
                sessionId,
                visit: visit?.token ?? 'none',
                events: Array.from({ length: 50 }, () => ({ type: 'conversion' })),
              }),
            );
            count(floodStatuses, res.status);
            if (res.status === 202) accepted += (JSON.parse(res.body) as { accepted: number }).accepted;
          }
        }),
      ).then(() => undefined),
    );
    const floodLight = await light.stop();
    // A real visitor from a fresh address, right after the flood's seconds.
    const info = await request(base, '127.0.2.1', 'GET', `/api/viewer/${key}?session=visitor-0001`, {});
    const grant = (JSON.parse(info.body) as { visit: { token: string } }).visit;
    const visitor = await request(
      base,
      '127.0.2.1',
      'POST',
      '/api/collect',
      { 'content-type': 'text/plain', 'user-agent': CHROME },
      JSON.stringify({
        key,
        sessionId: 'visitor-0001',
        visit: grant.token,
        events: [{ type: 'consultation' }, { type: 'conversion' }],
      }),
    );
    const visitorAccepted = visitor.status === 202 ? (JSON.parse(visitor.body) as { accepted: number }).accepted : 0;

    const cpu = os.cpus()[0]?.model ?? '?';
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    const row = (name: string, l: { p50: number; p95: number; n: number }, extra: string) =>
      `| ${name} | ${ms(l.p50)} | ${ms(l.p95)} | ${l.n} | ${extra} |`;
    const statuses = (m: Record<number, number>) =>
      Object.entries(m)
        .map(([s, n]) => `${n} × ${s}`)
        .join(', ');
    const markdown = [
      `## Attacks on the collect route (${seconds} s each; ${cpu}, ${os.cpus().length} cores)`,
      '',
      '| situation | light call p50 | p95 | calls | answers to the attack |',
      '|---|---|---|---|---|',
      row('idle', idle, '—'),
      row('unique robot agents (1 address, 10 connections)', robotsLight, statuses(robotStatuses)),
      row(
        'flood (60 addresses, 1 product)',
        floodLight,
        `${statuses(floodStatuses)}; ${accepted} events accepted; real visitor: ${visitorAccepted}/2`,
      ),
      '',
    ].join('\n');
    log(markdown);
    return {
      cpu,
      seconds,
      idle,
      robots: { light: robotsLight, statuses: robotStatuses },
      flood: { light: floodLight, statuses: floodStatuses, accepted, visitorAccepted },
      markdown,
    };
  } finally {
    for (const a of agents.values()) a.destroy();
    agents.clear();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--seconds');
  await runCollectFlood(i > 0 ? Number(process.argv[i + 1]) : 10);
}
