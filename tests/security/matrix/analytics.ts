// Analytics: every role reads its own company's products and statistics.
import type { Fixtures, Principal } from '../harness/fixtures';
import { everyone, management, type MatrixEntry, type Target, UNKNOWN_ID } from './types';

const products = new WeakMap<Fixtures, Record<string, number>>();
/** One product with events per company, made once. */
async function productId(fx: Fixtures, p: Principal, target: Target): Promise<number> {
  if (target === 'unknown') return UNKNOWN_ID;
  let known = products.get(fx);
  if (!known) {
    known = { A: await fx.product('A'), B: await fx.product('B') };
    products.set(fx, known);
  }
  return known[target === 'own' ? fx.own(p) : fx.other(p)];
}
const companyId = (fx: Fixtures, p: Principal, target: Target) =>
  target === 'unknown' ? UNKNOWN_ID : fx.company[target === 'own' ? fx.own(p) : fx.other(p)];

const byProduct = (route: string, path: (id: number) => string): MatrixEntry => ({
  route,
  roles: everyone,
  request: async (fx, c) => ({ url: path(await productId(fx, c.principal, c.target)) }),
});

export const analyticsEntries: MatrixEntry[] = [
  {
    route: 'GET /api/Produit/Entreprise/:id',
    roles: everyone,
    request: (fx, c) => ({ url: `/api/Produit/Entreprise/${companyId(fx, c.principal, c.target)}` }),
  },
  byProduct('GET /api/ProductStatistics/Product/:productId', (id) => `/api/ProductStatistics/Product/${id}`),
  byProduct(
    'GET /api/ProductStatistics/Product/:productId/summary',
    (id) => `/api/ProductStatistics/Product/${id}/summary`,
  ),
  byProduct('GET /api/ProductStatistics/geo/Product/:productId', (id) => `/api/ProductStatistics/geo/Product/${id}`),
  byProduct('GET /api/UserJourney/Product/:productId/summary', (id) => `/api/UserJourney/Product/${id}/summary`),
  {
    route: 'GET /api/ProductStatistics/Entreprise/:companyId/summary',
    roles: everyone,
    request: (fx, c) => ({ url: `/api/ProductStatistics/Entreprise/${companyId(fx, c.principal, c.target)}/summary` }),
  },
  {
    route: 'GET /api/ProductStatistics/Entreprise/:entrepriseId/versions',
    roles: everyone,
    request: (fx, c) => ({ url: `/api/ProductStatistics/Entreprise/${companyId(fx, c.principal, c.target)}/versions` }),
  },
  {
    route: 'GET /api/ProductStatistics/Entreprise/:entrepriseId/visits',
    roles: everyone,
    request: (fx, c) => ({ url: `/api/ProductStatistics/Entreprise/${companyId(fx, c.principal, c.target)}/visits` }),
  },
  {
    route: 'GET /api/Annotation/Entreprise/:id',
    roles: everyone,
    request: (fx, c) => ({ url: `/api/Annotation/Entreprise/${companyId(fx, c.principal, c.target)}` }),
  },
  {
    route: 'POST /api/Annotation/Entreprise/:id',
    roles: management,
    ok: [201],
    request: (fx, c) => ({
      url: `/api/Annotation/Entreprise/${companyId(fx, c.principal, c.target)}`,
      payload: { jour: '2026-11-20', texte: 'Campagne Instagram' },
    }),
  },
  {
    route: 'DELETE /api/Annotation/:id',
    roles: management,
    ok: [204],
    request: async (fx, c) => ({
      url: `/api/Annotation/${c.target === 'unknown' ? UNKNOWN_ID : await fx.annotation(c.target === 'own' ? fx.own(c.principal) : fx.other(c.principal))}`,
    }),
  },
  {
    // The events' retention (months kept, oldest month): the same for everyone signed in, no record.
    route: 'GET /api/ProductStatistics/Retention',
    roles: everyone,
    record: false,
    request: () => ({ url: '/api/ProductStatistics/Retention' }),
  },
];
