// No denial of service by a request (docs/security-dos.md): 100 KB strings built to make patterns
// backtrack ("a@" + "."×N + "@", "aaa…!", "000…x", spaces) go into every string field of every write
// route and of the sign-in, with a valid token and without, over real HTTP. Each is answered without a 5xx,
// and another user's light request sent at the same moment is served; their times are printed, not gated
// (a pattern that backtracks is found by tests/unit/regexSafety.test.ts on any machine). The routes and
// their fields come from the server itself (harness/app.ts) and the routes' zod body schemas: a route or
// field added tomorrow is tested tomorrow.
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';

import { productFieldsSchema } from '#domain/product';

import type { TestApp } from '../helpers/app';
import { createAppWithRoutes, type RouteInfo } from './harness/app';
import { multipart } from './harness/multipart';

const N = 100 * 1024;
const ADVERSARIAL: Record<string, string> = {
  'a@…@': `a@${'.'.repeat(N)}@`,
  'aaa…!': `${'a'.repeat(N)}!`,
  '000…x': `${'0'.repeat(N)}x`,
  spaces: ' '.repeat(N),
  'a spaces !': `a${' '.repeat(N)}!`,
};
// The text fields multipart forms carry (their schemas are applied inside the handlers).
const MULTIPART_FIELDS = [
  ...Object.keys(productFieldsSchema.shape),
  ...[
    'Nom',
    'IdGroupeModel',
    'description',
    'SousNom',
    'IdModel',
    'Tailles',
    'customerId',
    'Specification',
    'PrixCatalogue',
  ],
].filter((f, i, all) => all.indexOf(f) === i);

type Json = Record<string, unknown>;
type Path = Array<string | number>;

/** The paths of every string a body of this schema may hold ([] for a body that is itself a string). */
function stringPaths(schema: ZodType): Path[] {
  const out: Path[] = [];
  const walk = (s: Json, path: Path, depth: number) => {
    if (depth > 5) return;
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    if (types.includes('string') || Array.isArray(s.enum)) out.push(path);
    for (const u of [...((s.anyOf ?? s.oneOf ?? []) as Json[]), ...((s.allOf ?? []) as Json[])])
      walk(u, path, depth + 1);
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Json>)) walk(v, [...path, k], depth + 1);
    if (s.items && typeof s.items === 'object') walk(s.items as Json, [...path, 0], depth + 1);
  };
  walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), [], 0);
  return out.filter((p, i) => out.findIndex((q) => q.join('.') === p.join('.')) === i);
}

/** A body holding `value` at `path` (arrays hold it as their only item). */
function bodyWith(path: Path, value: string): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  return typeof head === 'number' ? [bodyWith(rest, value)] : { [head]: bodyWith(rest, value) };
}

const isMultipart = (r: RouteInfo) =>
  ((r.schema as { consumes?: string[] }).consumes ?? []).some((c) => c.includes('multipart'));
const urlOf = (r: RouteInfo) => r.url.replace(/:[A-Za-z]+/g, '1');

interface Case {
  route: RouteInfo;
  field: string;
  kind: string;
  payload: string | Buffer;
  contentType: string;
}

function casesOf(route: RouteInfo): Case[] {
  const cases: Case[] = [];
  for (const [kind, value] of Object.entries(ADVERSARIAL)) {
    if (isMultipart(route)) {
      for (const field of MULTIPART_FIELDS) {
        const form = multipart([{ name: field, value }]);
        cases.push({ route, field, kind, payload: form.payload, contentType: form.headers['content-type'] });
      }
    } else if (route.schema.body) {
      for (const path of stringPaths(route.schema.body)) {
        cases.push({
          route,
          field: path.join('.') || '(body)',
          kind,
          payload: JSON.stringify(bodyWith(path, value)),
          contentType: 'application/json',
        });
      }
    }
  }
  return cases;
}

let t: TestApp;
let routes: RouteInfo[];
let base: string;
let adminToken: string;
let otherToken: string;
beforeAll(async () => {
  ({ t, routes } = await createAppWithRoutes());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  adminToken = await t.login('admin@demo.fr');
  otherToken = await t.login('directeur@demo.fr');
});
afterAll(() => t.close());

async function timed(url: string, init: RequestInit): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, init);
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - started };
}

/** The adversarial request and, sent at the same moment, another user's light one. */
async function play(c: Case, token: string | null) {
  const headers: Record<string, string> = { 'content-type': c.contentType };
  if (token) headers.authorization = `Bearer ${token}`;
  const [hostile, light] = await Promise.all([
    timed(`${base}${urlOf(c.route)}`, {
      method: c.route.method,
      headers,
      body: typeof c.payload === 'string' ? c.payload : new Uint8Array(c.payload),
    }),
    timed(`${base}/api/User/current`, { headers: { authorization: `Bearer ${otherToken}` } }),
  ]);
  return { hostile, light };
}

const writeRoutes = () => routes.filter((r) => r.method !== 'GET' && (r.schema.body || isMultipart(r)));

describe('100 KB adversarial strings in every string field of every write route', () => {
  it('finds the write routes, the sign-in and their string fields', () => {
    const all = writeRoutes();
    expect(all.length).toBeGreaterThan(15);
    expect(all.some((r) => r.url.toLowerCase() === '/api/auth/backoffice/login')).toBe(true);
    expect(all.flatMap(casesOf).some((c) => c.route.url === '/api/Customers/NewCustomer' && c.field === 'mail')).toBe(
      true,
    );
  });

  for (const signedIn of [true, false]) {
    // Answered, and another user served meanwhile: behaviour only. A pattern that backtracks is found by
    // tests/unit/regexSafety.test.ts (every pattern checked by recheck, whatever the machine's speed); the
    // times are printed here, not gated: a shared machine's busy neighbour would make them a coin toss.
    it(`each answered without a 5xx, another user served meanwhile (${signedIn ? 'valid token' : 'no token'})`, async () => {
      let worst = { hostile: 0, light: 0 };
      let played = 0;
      for (const route of writeRoutes()) {
        for (const c of casesOf(route)) {
          const { hostile, light } = await play(c, signedIn ? adminToken : null);
          played++;
          const what = `${route.method} ${route.url} ${c.field} ${c.kind}`;
          worst = { hostile: Math.max(worst.hostile, hostile.ms), light: Math.max(worst.light, light.ms) };
          // Never a 5xx; without a token, 401 before the body is read. A 2xx is only a value that trimming
          // empties (100 KB of spaces is no description at all): the hostile string is never kept.
          expect(hostile.status, `${what} -> ${hostile.body.slice(0, 200)}`).toBeLessThan(500);
          if (!signedIn && !route.public) expect(hostile.status, what).toBe(401);
          if (hostile.status < 400) {
            expect(c.kind, `${what} accepted`).toBe('spaces');
            expect(hostile.body.length, what).toBeLessThan(10_000);
          } else {
            const err = JSON.parse(hostile.body) as { status: number; title: string; detail: string };
            expect(err.status, what).toBe(hostile.status);
          }
          expect(light.status, what).toBe(200);
        }
      }
      console.log(
        `${played} adversarial requests (${signedIn ? 'valid token' : 'no token'}): slowest ${worst.hostile.toFixed(0)} ms, light request meanwhile at worst ${worst.light.toFixed(0)} ms (printed, not gated)`,
      );
    });
  }
});

describe('authentication comes before the body', () => {
  it('without a token a write gets 401 and not one field rule', async () => {
    const res = await t.call('POST', '/api/User/create', null, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, title: 'Non authentifié', detail: 'Authentification requise' });
  });

  it('without a token a malformed JSON body gets 401, not a parse error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Customers/NewCustomer',
      payload: '{"mail": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('a forged token gets 401 before the body too', async () => {
    const res = await t.call('POST', '/api/User/create', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.x', {});
    expect(res.statusCode).toBe(401);
  });
});

describe('control characters', () => {
  it("a NUL in the mail answers the mail field's own message", async () => {
    const res = await t.call('POST', '/api/Customers/NewCustomer', otherToken, {
      nom: 'Dupont',
      prenom: 'Jean',
      mail: 'a\u0000b@c.fr',
      mobile: '0102030405',
      compagny: 'ACME',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ mail: 'Email invalide' });
  });

  // Passwords are hashed, never stored nor shown: any character is allowed. The company name of
  // PUT /api/Entreprise/{id} is ignored by the route (only the catalogue date changes).
  const EXEMPT = new Set(['PUT /api/entreprise/:id nomEntreprise']);
  const PASSWORD = /password/i;

  it('every string field of every JSON write route refuses a NUL with its own message', async () => {
    const missing: string[] = [];
    for (const route of writeRoutes().filter((r) => r.schema.body)) {
      for (const path of stringPaths(route.schema.body!)) {
        const field = path.join('.');
        if (PASSWORD.test(field) || EXEMPT.has(`${route.method} ${route.url.toLowerCase()} ${field}`)) continue;
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: urlOf(route),
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          payload: JSON.stringify(bodyWith(path, 'Valeur\u0000cachée')),
        });
        const body = res.json<{ errors?: Record<string, string>; detail?: string }>();
        if (res.statusCode !== 400 || !body.errors?.[field || '_'])
          missing.push(
            `${route.method} ${route.url} ${field || '(body)'}: ${res.statusCode} ${JSON.stringify(body).slice(0, 160)}`,
          );
      }
    }
    expect(missing).toEqual([]);
  });
});
