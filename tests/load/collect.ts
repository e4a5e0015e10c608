// The collection route under load (npm run load, docs/performance.md "Collection under load"): visitors'
// viewers sending their batches to POST /api/collect for LOAD_SECONDS on loopback, then every accepted
// event looked for through the events route. A benchmark, not a test: it prints its figures and says
// whether they reach the targets (issue 18: 1,000 events/s on PGlite, 3,000 on PostgreSQL, p99 < 100 ms).
import crypto from 'node:crypto';

import autocannon, { type Request } from 'autocannon';

import { visitSigner } from '../../server/collect/visitTokens';

// Every simulated visitor shares the loopback address and the demo's few hundred keys: the per-address and
// per-key limits (docs/viewer.md) would measure themselves, so they are raised for the servers under load.
export const UNLIMITED_COLLECT = {
  COLLECT_BATCHES_PER_ADDRESS: '100000000',
  COLLECT_EVENTS_PER_KEY_ADDRESS: '1000000000',
  COLLECT_EVENTS_PER_KEY: '1000000000',
  COLLECT_VISITS_PER_ADDRESS: '100000000',
};

/** What a visit sends in one beacon: its first events, most often one or two, all four at most. */
const VISIT_EVENTS = [
  ['consultation'],
  ['consultation', 'iframeInteraction'],
  ['consultation', 'iframeInteraction', 'arTry'],
  ['consultation', 'iframeInteraction', 'arTry', 'conversion'],
  ['consultation', 'iframeInteraction', 'conversion'],
] as const;
/** The share of each kind of visit above, out of 100. */
const VISIT_WEIGHTS = [30, 30, 15, 10, 15];

/**
 * A viewer that queued many events (repeated AR sessions and quote clicks) sends up to 50 at once; a visit
 * keeps 10 of each (server/collect/limits.ts), and the 202 says how many were kept.
 */
const FULL_BATCH_EVERY = Number(process.env.LOAD_FULL_BATCH_EVERY || 50);

// A desktop Chrome: robots' events are dropped (server/collect/bots.ts) and would not be counted.
const VISITOR_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

export interface CollectOutcome {
  label: string;
  connections: number;
  batches: number;
  accepted: number;
  eventsPerSecond: number;
  /** The slowest whole second of the run (events accepted in it). */
  slowestSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  found: number;
  lost: number;
  target: number;
  passed: boolean;
  /** Events the server accepted (202), per session id (one session per visit), with their product. */
  sessions: Map<string, { product: number; events: number }>;
  /** Answers by status (autocannon's count). */
  statusCodes: Record<number, number>;
  /** Every session id of this run starts with it. */
  prefix: string;
}

interface Product {
  id: number;
  key: string;
}

function visit(n: number): string[] {
  if (FULL_BATCH_EVERY > 0 && n % FULL_BATCH_EVERY === 0) {
    return Array.from({ length: 50 }, (_, i) => (i === 0 ? 'consultation' : i % 7 === 0 ? 'conversion' : 'arTry'));
  }
  let pick = n % 100;
  for (let i = 0; i < VISIT_WEIGHTS.length; i++) {
    if (pick < VISIT_WEIGHTS[i]) return [...VISIT_EVENTS[i]];
    pick -= VISIT_WEIGHTS[i];
  }
  return ['consultation'];
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Every demo product with its key, through the Admin's catalogue answers. */
async function products(base: string, token: string): Promise<Product[]> {
  const auth = { authorization: `Bearer ${token}` };
  const companies = (
    await json<{ $values: Array<{ entrepriseId: number }> }>(`${base}/api/Entreprise`, { headers: auth })
  ).$values;
  const all: Product[] = [];
  for (const c of companies) {
    const list = (
      await json<{ $values: Array<{ idGroupeModel: number; publicKey: string }> }>(
        `${base}/api/GroupeModel?entrepriseId=${c.entrepriseId}`,
        { headers: auth },
      )
    ).$values;
    all.push(...list.map((g) => ({ id: g.idGroupeModel, key: g.publicKey })));
  }
  return all;
}

/**
 * Runs the collection load against a server started with collection limits raised (every simulated
 * visitor shares the loopback address, and the demo has a few hundred keys).
 */
export async function loadCollect(opts: {
  label: string;
  base: string;
  adminToken: string;
  seconds: number;
  connections: number;
  target: number;
  /**
   * The server's secret (its DATA_DIR/jwt-secret): each visit's token is signed here, as
   * GET /api/viewer/{key}?session=… would hand it, since what is measured is the collection.
   */
  secret: string;
  /** false: the caller reads the accepted events back itself (tests/load/scale.ts, from the database). */
  readBack?: boolean;
}): Promise<CollectOutcome> {
  const { label, base, adminToken, seconds, connections, target } = opts;
  const signer = visitSigner(opts.secret);
  const keys = await products(base, adminToken);
  if (!keys.length) throw new Error('aucun produit dans les données de démonstration');
  const run = crypto.randomBytes(4).toString('hex');
  /** Events the server said it accepted, per session id (one session per visit). */
  const accepted = new Map<string, { product: number; events: number }>();
  const perSecond: number[] = [];
  let started = 0;
  let seq = 0;

  interface Visit {
    session?: string;
    product?: number;
    events?: number;
  }
  const requests: Request[] = [
    {
      method: 'POST',
      path: '/api/collect',
      setupRequest: (req, c: Visit) => {
        const n = seq++;
        const product = keys[n % keys.length];
        const events = visit(n).map((type) => ({ type }));
        c.session = `load-${run}-${n}`;
        c.product = product.id;
        c.events = events.length;
        // sendBeacon's own content type, as a viewer sends it.
        return {
          ...req,
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            'user-agent': VISITOR_AGENT,
            'accept-language': 'fr-FR,fr;q=0.9',
          },
          body: JSON.stringify({
            key: product.key,
            sessionId: c.session,
            visit: signer.sign(product.key, c.session, Date.now()),
            events,
          }),
        };
      },
      onResponse: (status, body, c: Visit) => {
        if (status !== 202) return;
        const n = (JSON.parse(body) as { accepted: number }).accepted;
        accepted.set(c.session!, { product: c.product!, events: n });
        const second = Math.floor((Date.now() - started) / 1000);
        perSecond[second] = (perSecond[second] ?? 0) + n;
      },
    },
  ];

  started = Date.now();
  const result = await autocannon({ url: base, connections, duration: seconds, timeout: 30, requests });
  const elapsed = (Date.now() - started) / 1000;
  const total = [...accepted.values()].reduce((s, a) => s + a.events, 0);

  // Every accepted event is found afterwards, in its session, through the events route.
  const expected = new Map<number, Map<string, number>>();
  for (const [session, a] of accepted) {
    if (!expected.has(a.product)) expected.set(a.product, new Map());
    expected.get(a.product)!.set(session, a.events);
  }
  let found = 0;
  let lost = 0;
  const auth = { authorization: `Bearer ${adminToken}` };
  for (const [product, sessions] of opts.readBack === false ? [] : expected) {
    const events = (
      await json<{ $values: Array<{ userSessionId: string }> }>(`${base}/api/ProductStatistics/Product/${product}`, {
        headers: auth,
      })
    ).$values;
    const counted = new Map<string, number>();
    for (const e of events)
      if (e.userSessionId.startsWith(`load-${run}-`))
        counted.set(e.userSessionId, (counted.get(e.userSessionId) ?? 0) + 1);
    for (const [session, n] of sessions) {
      const got = counted.get(session) ?? 0;
      found += Math.min(got, n);
      lost += Math.max(0, n - got);
    }
  }

  // The whole seconds of the run only: the last one is cut by the end of the load.
  const whole = Array.from({ length: Math.max(1, Math.floor(elapsed)) }, (_, i) => perSecond[i] ?? 0);
  const eventsPerSecond = total / elapsed;
  const slowestSecond = Math.min(...whole);
  // Sustained: the mean over the whole run; the slowest second is printed beside it.
  const passed =
    !result.errors &&
    !result.timeouts &&
    !result.non2xx &&
    !lost &&
    total > 0 &&
    eventsPerSecond >= target &&
    result.latency.p99 < 100;
  return {
    label,
    connections,
    batches: accepted.size,
    accepted: total,
    eventsPerSecond,
    slowestSecond,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    found,
    lost,
    target,
    passed,
    sessions: accepted,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([status, s]) => [Number(status), s.count ?? 0]),
    ),
    prefix: `load-${run}-`,
  };
}
