// Issue 21: requests generated from the OpenAPI document's own schemas, for every operation, signed in as
// a Vendeur, a Directeur and an Admin. Every error answer is the one shape, in French. A request the
// document calls valid must never answer 5xx, nor 400
// unless the 400 is one of the rules the operation lists (x-rules: what JSON Schema cannot say, such as
// a SIRET's check digit or an activation before the expiry). 403 and 404 are answers a valid request may
// get (another company's id, a role without the right). Every answer is also checked against the
// document by the test helper (tests/helpers/contract.ts): status, content type, body.
import fs from 'node:fs';
import path from 'node:path';

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/app';
import type { Operation } from '../helpers/contract';
import { type Schema, SchemaArbitraries } from '../helpers/schemaArbitrary';

// 5 runs per operation and role keep the file near a minute; OPENAPI_RUNS=50 for a longer search.
const RUNS_PER_ROLE = Number(process.env.OPENAPI_RUNS ?? 5);
const ROLES = ['vendeur@demo.fr', 'directeur@demo.fr', 'admin@demo.fr'];
const FIXTURES = path.resolve(import.meta.dirname, '../../server/db/seed/fixtures');
/** A real file of each media type a multipart field may accept (the server recognises files by content). */
const SAMPLE_FILES: Record<string, string> = {
  'application/pdf': 'catalogue/fiche-produit.pdf',
  'image/png': 'catalogue/icone.png',
  'model/gltf-binary': 'catalogue/applique.glb',
  'model/stl': 'catalogue/abat-jour.stl',
  'video/mp4': 'demo-video.mp4',
};

/** Words of zod's and Fastify's own English messages. */
const ENGLISH = /\b(Invalid|expected|received|Required|Unrecognized|must|should|Too (big|small))\b/;

let t: TestApp;
const tokens = new Map<string, string>();

interface GeneratedRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function operationsOf(doc: TestApp['contract']['doc']) {
  return Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path: p, method, op: op })),
  );
}

/** A path id: any 1-9 digit string, often a small one so that seeded records are reached too. */
function paramArbitrary(gen: SchemaArbitraries, schema: Schema): fc.Arbitrary<string> {
  const any = gen.of(schema).map(String);
  return schema.pattern === '^\\d{1,9}$' ? fc.oneof(fc.integer({ min: 1, max: 60 }).map(String), any) : any;
}

function multipart(
  fields: Record<string, unknown>,
  encoding: Record<string, { contentType: string }>,
): { body: Buffer; type: string } {
  const boundary = `----openapi${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of [value].flat()) {
      if (encoding[name]) {
        const type = encoding[name].contentType
          .split(',')
          .map((s) => s.trim())
          .find((m) => SAMPLE_FILES[m]);
        if (!type) throw new Error(`no sample file for ${name}: ${encoding[name].contentType}`);
        const file = path.join(FIXTURES, SAMPLE_FILES[type]);
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${path.basename(file)}"\r\nContent-Type: ${type}\r\n\r\n`,
          ),
        );
        parts.push(fs.readFileSync(file), Buffer.from('\r\n'));
      } else if (v !== undefined && v !== null) {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean)}\r\n`,
          ),
        );
      }
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

function requestArbitrary(gen: SchemaArbitraries, p: string, op: Operation): fc.Arbitrary<GeneratedRequest> {
  const params = op.parameters ?? [];
  const pathParams = Object.fromEntries(
    params.filter((x) => x.in === 'path').map((x) => [x.name, paramArbitrary(gen, x.schema)]),
  );
  const query = Object.fromEntries(
    params.filter((x) => x.in === 'query').map((x) => [x.name, paramArbitrary(gen, x.schema)]),
  );
  const requiredQuery = params.filter((x) => x.in === 'query' && x.required).map((x) => x.name);
  const content = op.requestBody?.content ?? {};
  const [mediaType] = Object.keys(content);
  const body = mediaType ? gen.of(content[mediaType].schema) : fc.constant(undefined);
  // "." and ".." are dot-segments, removed from any URL before it reaches a route (RFC 3986 5.2.4, encoded
  // or not): no client can send them as a parameter, and the server rightly answers 404 to what is left.
  const sendable = fc
    .record(pathParams)
    .filter((values) => Object.values(values).every((v) => String(v) !== '.' && String(v) !== '..'));
  return fc
    .record({ path: sendable, query: fc.record(query, { requiredKeys: requiredQuery }), body })
    .map(({ path: values, query: q, body: b }) => {
      const url = p.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]));
      const search = new URLSearchParams(q).toString();
      const request: GeneratedRequest = { url: search ? `${url}?${search}` : url, headers: {} };
      if (mediaType === 'multipart/form-data') {
        const form = multipart(b as Record<string, unknown>, content[mediaType].encoding ?? {});
        request.payload = form.body;
        request.headers['content-type'] = form.type;
      } else if (mediaType) {
        request.payload = JSON.stringify(b);
        request.headers['content-type'] = 'application/json';
      }
      return request;
    });
}

/** Whether a 400 is one of the operation's listed rules (the detail or a field's message names it). */
function isListedRule(op: Operation, answer: { detail?: string; errors?: Record<string, string> }): boolean {
  const said = [answer.detail ?? '', ...Object.values(answer.errors ?? {})];
  return (op['x-rules'] ?? []).some((rule) => said.some((s) => s.includes(rule)));
}

beforeAll(async () => {
  t = await createTestApp();
  for (const mail of ROLES) tokens.set(mail, await t.login(mail));
});
afterAll(() => t.close());

describe('requests generated from the OpenAPI document', () => {
  // Admin last: its writes (a user disabled, a password reset) would end the others' sessions.
  for (const mail of ROLES) {
    it(`never answer 5xx, nor an unlisted 400, signed in as ${mail}`, async () => {
      const doc = t.contract.doc;
      const gen = new SchemaArbitraries((ref) => {
        const name = ref.replace('#/components/schemas/', '');
        return (doc.components as { schemas: Record<string, Schema> }).schemas[name];
      });
      const seen = new Map<number, number>();
      for (const { path: p, method, op } of operationsOf(doc)) {
        // Signing out ends the session the rest of the run uses: it is tested in tests/api/auth.test.ts.
        if (method === 'post' && p === '/api/Auth/logout') continue;
        await fc.assert(
          fc.asyncProperty(requestArbitrary(gen, p, op), async (req) => {
            const send = (token: string) =>
              t.app.inject({
                method: method.toUpperCase() as 'GET',
                url: req.url,
                headers: { ...req.headers, ...(op.security?.length === 0 ? {} : { authorization: `Bearer ${token}` }) },
                ...(req.payload !== undefined ? { payload: req.payload } : {}),
              });
            let res = await send(tokens.get(mail)!);
            if (res.statusCode === 401 && op.security === undefined) {
              // A generated password change ended the session: sign in again once.
              tokens.set(mail, await t.login(mail));
              res = await send(tokens.get(mail)!);
            }
            seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
            const sent = typeof req.payload === 'string' ? req.payload.slice(0, 300) : req.payload ? '(multipart)' : '';
            const where = `${method.toUpperCase()} ${req.url} ${sent} → ${res.statusCode} ${res.body.slice(0, 300)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('application/json')) {
              // The one error shape, in French: no framework or zod message reaches the caller.
              const problem = res.json<{ status: number; title: string; detail: string }>();
              expect(problem.status, where).toBe(res.statusCode);
              expect(typeof problem.title === 'string' && typeof problem.detail === 'string', where).toBe(true);
              expect(res.body, where).not.toMatch(ENGLISH);
            }
            if (res.statusCode === 400) expect(isListedRule(op, res.json()), where).toBe(true);
          }),
          {
            numRuns: RUNS_PER_ROLE,
            seed: Number(process.env.OPENAPI_SEED ?? Date.now() % 2 ** 31),
            endOnFailure: true,
          },
        );
      }
      // The run reached the server's real work, not only its refusals.
      expect([...seen.entries()].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0)).toBeGreaterThan(30);
    }, 300_000);
  }
});
