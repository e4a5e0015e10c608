// ASVS 15.3.3: no request body can set what the server decides. Every JSON write of the matrix is sent
// again on an own record with foreign keys added (another company, another owner, the Admin role, ids,
// token version, password hash, dates), keys the route's schema does not declare. The rows it changed must
// carry none of the injected values.
import { afterAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';

import type { TestApp } from '../helpers/app';
import { createAppWithRoutes, type RouteInfo, routeKey } from './harness/app';
import { Fixtures, type Principal } from './harness/fixtures';
import { type Change, changes, describeChanges, snapshot } from './harness/snapshot';
import { record } from './harness/stats';
import { matrixEntries } from './matrix/entries';

const { t, routes }: { t: TestApp; routes: RouteInfo[] } = await createAppWithRoutes();
const fx = await Fixtures.create(t);
afterAll(() => t.close());

const FOREIGN_ID = 424242;
const OLD_DATE = '2001-02-03T04:05:06.000Z';

function injected(p: Principal): Record<string, unknown> {
  const other = fx.company[fx.other(p)];
  const otherUser = fx.seller(fx.other(p));
  return {
    userId: otherUser,
    UserId: otherUser,
    entrepriseId: other,
    EntrepriseId: other,
    roleId: fx.roleId.Admin,
    RoleId: fx.roleId.Admin,
    role: 'Admin',
    nomRole: 'Admin',
    isAdmin: true,
    tokenVersion: 4242,
    passwordHash: 'x',
    id: FOREIGN_ID,
    customerId: FOREIGN_ID,
    propositionId: FOREIGN_ID,
    licenceId: FOREIGN_ID,
    createdAt: OLD_DATE,
    viewCount: 999,
  };
}

/** What a changed row must not carry after an injection. */
function violations(list: Change[], p: Principal, injectedKeys: string[]): string[] {
  const out: string[] = [];
  const other = fx.company[fx.other(p)];
  const otherUser = fx.seller(fx.other(p));
  for (const c of list) {
    if (c.kind === 'delete') continue;
    const r = c.row;
    const bad = (why: string) => out.push(`${why}: ${describeChanges([c])}`);
    if (r.token_version === 4242) bad('token version set by the body');
    if (r.password_hash === 'x') bad('password hash set by the body');
    if (Object.values(r).includes(FOREIGN_ID)) bad('an id chosen by the body');
    if (typeof r.created_at === 'string' && r.created_at.startsWith('2001-02-03')) bad('a date chosen by the body');
    if (r.view_count === 999) bad('a view count chosen by the body');
    if (p.role !== 'Admin') {
      if (r.role_id === fx.roleId.Admin && injectedKeys.some((k) => /role/i.test(k)))
        bad('the Admin role set by a non-Admin');
      if (r.entreprise_id === other && injectedKeys.some((k) => /entreprise/i.test(k)))
        bad('another company set by the body');
      if (r.user_id === otherUser && injectedKeys.some((k) => /user/i.test(k))) bad('another owner set by the body');
    }
  }
  return out;
}

const declared = (schema: ZodType | undefined): Set<string> =>
  new Set(Object.keys((schema as unknown as { shape?: object })?.shape ?? {}));

describe('mass assignment', () => {
  const writes = matrixEntries.filter((e) => !e.route.startsWith('GET ') && !e.public);
  for (const entry of writes) {
    const [method, url] = entry.route.split(' ');
    it(entry.route, async (ctx) => {
      const route = routes.find((r) => r.key === routeKey(method, url));
      if (!route) return ctx.skip();
      const principals = entry.roles === 'all' || entry.roles.includes('Vendeur') ? ['A/Vendeur', 'Admin'] : ['Admin'];
      let played = 0;
      for (const name of principals) {
        const p = fx.principal(name);
        const req = await entry.request(fx, { principal: p, target: 'own' });
        const body = typeof req.payload === 'string' ? safeJson(req.payload) : req.payload;
        let payload: string | Buffer;
        let headers: Record<string, string>;
        let extra: Record<string, unknown>;
        if (Buffer.isBuffer(body) && req.headers?.['content-type']?.startsWith('multipart/')) {
          // A multipart form: the foreign keys go in as extra text fields (the main ones: forms cap their field count).
          const sent = body.toString('latin1');
          const keys = ['userId', 'entrepriseId', 'EntrepriseId', 'id', 'propositionId', 'createdAt', 'viewCount'];
          extra = Object.fromEntries(
            Object.entries(injected(p)).filter(([k]) => keys.includes(k) && !sent.includes(`name="${k}"`)),
          );
          payload = withFields(body, req.headers['content-type'], extra);
          headers = { 'content-type': req.headers['content-type'] };
        } else {
          // Bare-string bodies have no keys to add.
          if (!body || typeof body !== 'object' || Buffer.isBuffer(body) || Array.isArray(body)) continue;
          const known = declared(route.schema.body);
          extra = Object.fromEntries(Object.entries(injected(p)).filter(([k]) => !known.has(k) && !(k in body)));
          payload = JSON.stringify({ ...body, ...extra });
          headers = { 'content-type': 'application/json' };
        }
        const before = await snapshot(fx.db, t.filesDir);
        const res = await t.app.inject({
          method: method as 'POST',
          url: req.url,
          headers: { authorization: `Bearer ${await fx.tokenFor(p)}`, ...headers },
          payload,
        });
        played++;
        // Unknown keys are ignored (or refused): either way, a success must not have used them.
        expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        const found = violations(changes(before, await snapshot(fx.db, t.filesDir)), p, Object.keys(extra));
        expect(found, found.join('\n')).toEqual([]);
        if (res.statusCode < 300 && (method === 'POST' || method === 'PUT')) expect(res.body).not.toContain(OLD_DATE);
      }
      record('cells', played);
    });
  }
});

/** The same multipart body with text fields added before its closing boundary. */
function withFields(body: Buffer, contentType: string, fields: Record<string, unknown>): Buffer {
  const boundary = /boundary=(.+)$/.exec(contentType)![1];
  const closing = Buffer.from(`--${boundary}--`);
  const at = body.lastIndexOf(closing);
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`,
  );
  return Buffer.concat([body.subarray(0, at), Buffer.from(parts.join('')), body.subarray(at)]);
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
