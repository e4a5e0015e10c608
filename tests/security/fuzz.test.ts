// ASVS 1.x / 5.x: property-based inputs on every registered route through app.inject. Bodies come from
// the route's own zod schema (shaped, broken, with foreign keys added, or junk), ids and query strings are
// generated, multipart forms get odd files and names. Whatever comes: never a 500, never a 2xx breaking
// the route's response schema, always a JSON error, and a refused write stores nothing (no row, no file).
// FUZZ_RUNS sets the runs per route (default 48: about three thousand inputs in all).
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ZodType } from 'zod';

import * as s from '../../server/db/schema';
import type { TestApp } from '../helpers/app';
import { createAppWithRoutes, type RouteInfo } from './harness/app';
import { idArbitrary, mutatedOf, queryOf } from './harness/arbitraries';
import { Fixtures, MP4, PDF } from './harness/fixtures';
import { multipart } from './harness/multipart';
import { fingerprint, fingerprintDiff } from './harness/snapshot';
import { record } from './harness/stats';
import { PNG } from './matrix/catalogue';

const RUNS = Number(process.env.FUZZ_RUNS || 48);
const PRINCIPALS = ['Admin', 'A/Directeur', 'A/Vendeur'];
const FILE_FIELDS = [
  'pdf',
  'video',
  'CheminImageGroupe',
  'Icone',
  'Chemin_3d',
  'Chemin_pdf',
  'FicheCote',
  'Model3d',
  'SousIcone',
];
const TEXT_FIELDS = [
  'customerId',
  'description',
  'NomGroupeModel',
  'IdCategorie',
  'Placement',
  'PrixCatalogue',
  'Nom',
  'IdGroupeModel',
  'SousNom',
  'IdModel',
  'Tailles',
];

// Top-level await: the routes are read from the server before the tests are declared, one per route.
const { t, routes }: { t: TestApp; routes: RouteInfo[] } = await createAppWithRoutes();
const fx = await Fixtures.create(t);
afterAll(() => t.close());

/** The fuzzed principals stay usable whatever an Admin's fuzzed writes did to them. */
async function heal() {
  const now = new Date();
  for (const name of PRINCIPALS) {
    const p = fx.principal(name);
    await fx.db.update(s.users).set({ isActive: true }).where(eq(s.users.userId, p.userId));
    if (p.role === 'Admin') continue;
    const inForce = await fx.db
      .select({ id: s.licences.licenceId })
      .from(s.licences)
      .where(
        and(
          eq(s.licences.userId, p.userId),
          lte(s.licences.dateActivation, now),
          or(isNull(s.licences.dateExpiration), gt(s.licences.dateExpiration, now)),
        ),
      );
    if (!inForce.length) {
      const [type] = await fx.db.select().from(s.typeLicences).limit(1);
      await fx.db.insert(s.licences).values({
        userId: p.userId,
        typeLicenceId: type.typeLicenceId,
        licenceKey: 'FUZZ',
        dateActivation: new Date(now.getTime() - 1000),
        dateExpiration: null,
      });
    }
  }
}

const fileContent = fc.oneof(
  fc.constantFrom(
    PDF,
    MP4,
    PNG,
    Buffer.alloc(0),
    Buffer.from('%PDF-'),
    PDF.subarray(0, 5),
    Buffer.from('<svg onload=alert(1)>'),
  ),
  fc.uint8Array({ maxLength: 256 }).map((a) => Buffer.from(a)),
);
const fileName = fc.oneof(
  fc.constantFrom(
    'devis.pdf',
    '../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '/etc/shadow',
    'a/b/c.png',
    '',
    '%2e%2e%2fx.pdf',
    'nul',
    'x.pdf\u0000.exe',
  ),
  fc.string({ maxLength: 30 }),
);
const multipartBody = fc
  .tuple(
    fc.array(
      fc.oneof(
        fc.record({
          name: fc.constantFrom(...TEXT_FIELDS),
          value: fc.oneof(idArbitrary, fc.string({ maxLength: 40 })),
        }),
        fc.record({ name: fc.constantFrom(...FILE_FIELDS), value: fileContent, filename: fileName }),
      ),
      { maxLength: 8 },
    ),
    fc.option(fc.nat(), { nil: undefined }),
  )
  .map(([parts, cut]) => {
    const form = multipart(parts);
    // Sometimes truncated mid-body, as a dropped upload would be.
    if (cut !== undefined && cut % 3 === 0)
      form.payload = form.payload.subarray(0, cut % Math.max(1, form.payload.length));
    return form;
  });

/**
 * The zod schema of a JSON answer: the response entry itself, or, when the route documents several media
 * types (`{ content: { 'application/json': { schema } } }`, as the events route does), its JSON one.
 */
function jsonSchemaOf(entry: unknown): ZodType | undefined {
  if (entry instanceof ZodType) return entry;
  const json = (entry as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json'];
  return json?.schema instanceof ZodType ? json.schema : undefined;
}

const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

interface Input {
  url: string;
  payload?: unknown;
  headers: Record<string, string>;
}

function inputOf(route: RouteInfo): fc.Arbitrary<Input> {
  const params = route.url.match(/:[A-Za-z]+/g) ?? [];
  // A dot segment ('.', '..', '%2e') is removed by every URL parser, inject's included, so it never reaches
  // the parameter: '/api/User/.' is the list route, checked against this route's schema it would fail.
  const param = idArbitrary.filter((v) => !DOT_SEGMENT.test(v));
  const path = fc.tuple(...params.map(() => param), fc.constant(0)).map((values) => {
    let url = route.url;
    params.forEach((p, i) => (url = url.replace(p, values[i] as string)));
    return url;
  });
  const query = fc.option(queryOf(route.schema.querystring), { nil: undefined });
  const isMultipart = ((route.schema as { consumes?: string[] }).consumes ?? []).some((c) => c.includes('multipart'));
  let body: fc.Arbitrary<{ payload?: unknown; headers: Record<string, string> }>;
  if (isMultipart) body = multipartBody;
  else if (route.schema.body) {
    body = fc.oneof(
      {
        arbitrary: mutatedOf(route.schema.body).map((v) => ({
          payload: JSON.stringify(v),
          headers: { 'content-type': 'application/json' },
        })),
        weight: 8,
      },
      {
        arbitrary: fc
          .string({ maxLength: 60 })
          .map((v) => ({ payload: v, headers: { 'content-type': 'application/json' } })),
        weight: 1,
      },
      {
        arbitrary: fc.string({ maxLength: 60 }).map((v) => ({ payload: v, headers: { 'content-type': 'text/plain' } })),
        weight: 1,
      },
    );
  } else body = fc.constant({ headers: {} });
  return fc
    .tuple(path, query, body)
    .map(([p, q, b]) => ({ url: q ? `${p}?${q}` : p, payload: b.payload, headers: b.headers }));
}

const fuzzable = () => routes.filter((r) => !r.url.includes('/Auth/backoffice/login'));

describe('fuzzed inputs on every route', () => {
  it('covers every registered route', () => {
    expect(fuzzable().length).toBeGreaterThan(0);
  });

  for (const route of fuzzable()) {
    it(route.key, async () => {
      const method = route.method;
      let count = 0;
      await fc.assert(
        fc.asyncProperty(inputOf(route), fc.constantFrom(...PRINCIPALS), async (input, who) => {
          count++;
          await heal();
          const token = await fx.tokenFor(fx.principal(who));
          const before = method !== 'GET' ? await fingerprint(fx.db, t.filesDir) : null;
          const res = await t.app.inject({
            method: method as 'GET',
            url: input.url,
            headers: { authorization: `Bearer ${token}`, ...input.headers },
            ...(input.payload !== undefined ? { payload: input.payload as string } : {}),
          });
          const what = `${route.key} as ${who}: ${method} ${input.url} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500) throw new Error(what);
          if (res.statusCode >= 400) {
            const body = res.json<{ status?: number; title?: string; detail?: string }>();
            if (body.status !== res.statusCode || typeof body.title !== 'string' || typeof body.detail !== 'string')
              throw new Error(`error body: ${what}`);
            if (before) {
              const diff = fingerprintDiff(before, await fingerprint(fx.db, t.filesDir));
              if (diff.length) throw new Error(`refused but stored ${diff.join(', ')}: ${what}`);
            }
          } else {
            const schema = jsonSchemaOf(route.schema.response?.[String(res.statusCode)]);
            if (schema && res.headers['content-type']?.toString().includes('json')) {
              const parsed = schema.safeParse(res.json());
              if (!parsed.success) throw new Error(`response breaks its schema: ${what}`);
            }
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      record('inputs', count);
    });
  }
});

describe('sign-in, fuzzed', () => {
  it('never answers 500 and never a token for a generated body', async () => {
    const login = routes.find((r) => r.url.toLowerCase() === '/api/auth/backoffice/login')!;
    let count = 0;
    await fc.assert(
      fc.asyncProperty(mutatedOf(login.schema.body!), async (body) => {
        count++;
        const res = await t.app.inject({
          method: 'POST',
          url: login.url,
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        if (res.statusCode >= 500 || res.statusCode === 200)
          throw new Error(`${JSON.stringify(body)} -> ${res.statusCode} ${res.body}`);
      }),
      { numRuns: Math.min(RUNS, 40) },
    );
    record('inputs', count);
  });
});
