// ASVS 8.2.1-8.2.3, 8.4.1: the tenant-isolation matrix. Every route the server registers x every principal
// (Admin; Directeur, Manager, Vendeur of company A and of company B; no token, forged token, expired
// token, disabled user, licence expired) x {own record, other company's record, unknown id}.
// A refused write changes nothing (database and files compared before and after); an accepted write of a
// non-Admin touches nothing of another company; no answer of a non-Admin carries another company's data,
// nor a field his role may not read (colleagues' contacts, licence keys: docs/permissions.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../helpers/app';
import { createAppWithRoutes, type RouteInfo, routeKey } from './harness/app';
import { Fixtures, type Principal } from './harness/fixtures';
import { foreignChanges } from './harness/ownership';
import { changes, describeChanges, fileChanges, fingerprint, fingerprintDiff, snapshot } from './harness/snapshot';
import { record } from './harness/stats';
import { matrixEntries } from './matrix/entries';
import { cellsOf, expected } from './matrix/expect';
import type { Cell, MatrixEntry } from './matrix/types';

let t: TestApp;
let routes: RouteInfo[];
let fx: Fixtures;

beforeAll(async () => {
  ({ t, routes } = await createAppWithRoutes());
  fx = await Fixtures.create(t);
});
afterAll(() => t?.close());

const keyOf = (e: MatrixEntry) => {
  const [method, url] = e.route.split(' ');
  return routeKey(method, url);
};

describe('the matrix covers the server', () => {
  it('has an entry for every /api route the server registers', () => {
    const known = new Set(matrixEntries.map(keyOf));
    const missing = routes.filter((r) => !known.has(r.key)).map((r) => r.key);
    expect(
      missing,
      `routes without a matrix entry (add them to tests/security/matrix/):\n${missing.join('\n')}`,
    ).toEqual([]);
  });

  it('has no entry for a route the server does not register', () => {
    const registered = new Set(routes.map((r) => r.key));
    const stale = matrixEntries.map(keyOf).filter((k) => !registered.has(k));
    expect(stale, 'matrix entries of routes that no longer exist').toEqual([]);
  });
});

function leaks(p: Principal, body: string): string[] {
  if (p.role === 'Admin' || p.state !== 'valid') return [];
  const foreign = fx.markers[fx.other(p)];
  const found = foreign.filter((m) => body.includes(m));
  if (body.includes('$argon2')) found.push('a password hash');
  return found;
}

async function playCell(entry: MatrixEntry, cell: Cell): Promise<string | null> {
  const [method] = entry.route.split(' ');
  const want = expected(entry, cell);
  const watch = method !== 'GET' || !!entry.public;
  // A write a non-Admin may make is dumped row by row (to see what it touched); others are fingerprinted.
  const detailed =
    watch && want.some((s) => s < 300) && cell.principal.role !== 'Admin' && cell.principal.state === 'valid';
  const req = await entry.request(fx, cell);
  const token = await fx.tokenFor(cell.principal);
  const before = detailed ? await snapshot(fx.db, t.filesDir) : null;
  const print = watch && !detailed ? await fingerprint(fx.db, t.filesDir) : null;
  const res = await t.app.inject({
    method: method as 'GET',
    url: req.url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...req.headers },
    ...(req.payload !== undefined ? { payload: req.payload as string } : {}),
  });
  const where = `${entry.route} | ${cell.principal.name} | ${cell.target} | ${req.url}`;
  if (!want.includes(res.statusCode))
    return `${where}: ${res.statusCode} (attendu ${want.join('/')}) ${res.body.slice(0, 160)}`;
  if (res.statusCode >= 400) {
    const body = res.json<{ status?: number; title?: string; detail?: string }>();
    if (body.status !== res.statusCode || !body.title || typeof body.detail !== 'string')
      return `${where}: error body ${res.body.slice(0, 160)}`;
  }
  const leaked = leaks(cell.principal, res.body);
  if (res.statusCode < 300 && leaked.length) return `${where}: leaks ${leaked.join(', ')}`;
  const unreadable = res.statusCode < 300 && entry.unreadable ? entry.unreadable(cell, res.json()) : [];
  if (unreadable.length) return `${where}: shows what ${cell.principal.role} may not read: ${unreadable.join(', ')}`;
  if (print && res.statusCode >= 400) {
    const diff = fingerprintDiff(print, await fingerprint(fx.db, t.filesDir));
    if (diff.length) return `${where}: refused (${res.statusCode}) but changed ${diff.join(', ')}`;
  }
  if (before) {
    const after = await snapshot(fx.db, t.filesDir);
    const diff = changes(before, after);
    const files = fileChanges(before, after);
    if (res.statusCode >= 400 && (diff.length || files.length))
      return `${where}: refused (${res.statusCode}) but changed:\n${describeChanges(diff, files)}`;
    if (res.statusCode < 300) {
      const foreign = await foreignChanges(fx.db, diff, cell.principal.entrepriseId);
      if (foreign.length) return `${where}: touched another company:\n${describeChanges(foreign)}`;
    }
  }
  return null;
}

describe('HEAD twins of GET routes', () => {
  it('need a session too (Fastify answers HEAD for every GET route)', async () => {
    const refused: string[] = [];
    for (const r of routes.filter((x) => x.method === 'GET' && !x.public)) {
      const url = r.url.replace(/:[A-Za-z]+/g, '1');
      const res = await t.app.inject({ method: 'HEAD', url });
      if (res.statusCode !== 401) refused.push(`HEAD ${url}: ${res.statusCode}`);
    }
    expect(refused).toEqual([]);
  });
});

describe('tenant-isolation matrix', () => {
  for (const entry of matrixEntries) {
    it(entry.route, async () => {
      if (!routes.some((r) => r.key === keyOf(entry))) return; // reported by the coverage test above
      const failures: string[] = [];
      const cells = cellsOf(fx, entry);
      for (const cell of cells) {
        const failure = await playCell(entry, cell);
        if (failure) failures.push(failure);
      }
      record('routes', 1, keyOf(entry));
      record('cells', cells.length);
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});
