// What the matrix expects of one cell: 401 without a valid session, 403 for a licence no longer in force
// or a role that may not use the route, 404 for another company's record or an unknown id, else success.
import type { Fixtures } from '../harness/fixtures';
import type { Cell, MatrixEntry } from './types';

export function expected(entry: MatrixEntry, cell: Cell): number[] {
  const { principal: p, target } = cell;
  if (entry.public) return entry.expect ? entry.expect(cell) : (entry.ok ?? [200]);
  if (p.state !== 'valid') return p.state === 'licenceExpired' ? [403] : [401];
  const allowed = entry.roles === 'all' || entry.roles.includes(p.role);
  // A role refused on another company's or an unknown record may be told 403 or 404: neither leaks.
  if (!allowed) return target === 'own' ? [403] : [403, 404];
  if (target === 'unknown') return [404];
  if (target === 'other' && p.role !== 'Admin') return [404];
  return entry.ok ?? [200];
}

export function isRecordRoute(entry: MatrixEntry): boolean {
  return entry.record ?? /:[a-z]/i.test(entry.route.split(' ')[1]);
}

export function cellsOf(fx: Fixtures, entry: MatrixEntry): Cell[] {
  const targets = isRecordRoute(entry) ? (['own', 'other', 'unknown'] as const) : (['own'] as const);
  return fx.principals.flatMap((principal) => targets.map((target) => ({ principal, target })));
}
