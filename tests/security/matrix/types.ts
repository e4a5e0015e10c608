// One matrix entry per route: who may use it, how to build a request on an own record, on another
// company's record and on an unknown id, and what a success looks like.
import type { Fixtures, Principal, Role } from '../harness/fixtures';

export type Target = 'own' | 'other' | 'unknown';

export interface Req {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface Cell {
  principal: Principal;
  target: Target;
}

export interface MatrixEntry {
  /** "METHOD /path/:param" exactly as the server registers it (compared case-insensitively). */
  route: string;
  /** Roles that may use the route on their own company's records. */
  roles: Role[] | 'all';
  /** Whether the route works on one record (then own/other/unknown cells are played); default: a record if the path has a parameter. */
  record?: boolean;
  /** Builds the request; for "own" and "other" it may create a fresh record first. */
  request(fx: Fixtures, cell: Cell): Promise<Req> | Req;
  /** Status codes of a success (default 200). */
  ok?: number[];
  /** Public route (share link): no session needed, the checks are the route's own. */
  public?: boolean;
  /** Expected statuses of a public route's cell (its own rules replace the session rules). */
  expect?: (cell: Cell) => number[];
  /** What a success body shows that the principal may not read (docs/permissions.md); empty when fine. */
  unreadable?: (cell: Cell, body: unknown) => string[];
}

export const UNKNOWN_ID = 987654;

export const everyone: Role[] = ['Admin', 'Directeur', 'Manager', 'Vendeur'];
export const adminOnly: Role[] = ['Admin'];
/** Who manages the catalogue's structure (categories) and reads colleagues' contacts. */
export const management: Role[] = ['Admin', 'Directeur', 'Manager'];
/** Who sets company settings (the catalogue's validation date). */
export const direction: Role[] = ['Admin', 'Directeur'];
