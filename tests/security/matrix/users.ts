// Users, roles, licences (issue 8's routes): reading follows the company, every change is Admin only.
import { adminOnly, everyone, UNKNOWN_ID, type MatrixEntry, type Target } from './types';
import type { Fixtures, Principal } from '../harness/fixtures';

/** A fresh user of the principal's company (own), of the other company (other), or an unknown id. */
async function userId(fx: Fixtures, p: Principal, target: Target): Promise<number> {
  if (target === 'unknown') return UNKNOWN_ID;
  return fx.person(target === 'own' ? fx.own(p) : fx.other(p));
}
/** A user that exists already (reads need no fresh record). */
function existingUser(fx: Fixtures, p: Principal, target: Target): number {
  if (target === 'unknown') return UNKNOWN_ID;
  return fx.seller(target === 'own' ? fx.own(p) : fx.other(p));
}
async function licenceId(fx: Fixtures, p: Principal, target: Target): Promise<number> {
  if (target === 'unknown') return UNKNOWN_ID;
  return fx.licence(target === 'own' ? fx.own(p) : fx.other(p));
}

let n = 0;
const inline: Record<string, () => unknown> = {
  fonction: () => ({ fonction: 'Responsable' }),
  nom: () => ({ nom: 'Nouveau' }),
  prenom: () => ({ prenom: 'Prénom' }),
  mail: () => ({ mail: `inline${++n}@securite.test` }),
  mobile: () => ({ mobile: '0699887766' }),
};

export const userEntries: MatrixEntry[] = [
  { route: 'GET /api/User', roles: everyone, request: () => ({ url: '/api/User' }) },
  { route: 'GET /api/User/roles', roles: everyone, request: () => ({ url: '/api/User/roles' }) },
  {
    route: 'GET /api/User/ByEntreprise/:entrepriseId',
    roles: everyone,
    request: (fx, { principal: p, target }) => ({
      url: `/api/User/ByEntreprise/${target === 'unknown' ? UNKNOWN_ID : fx.company[target === 'own' ? fx.own(p) : fx.other(p)]}`,
    }),
  },
  { route: 'GET /api/User/:userId', roles: everyone, request: (fx, c) => ({ url: `/api/User/${existingUser(fx, c.principal, c.target)}` }) },
  {
    route: 'POST /api/User/create',
    roles: adminOnly,
    record: false,
    ok: [201],
    request: (fx, { principal: p }) => ({
      url: '/api/User/create',
      payload: {
        EntrepriseId: fx.company[fx.own(p)],
        RoleId: fx.roleId.Vendeur,
        Nom: 'Créé',
        Prenom: 'Parmatrice',
        Mail: `cree${++n}@securite.test`,
        Password: 'Motdepasse!2026',
        ManagerId: null,
        Fonction: 'Vendeur',
        Mobile: '0611111111',
        IsActive: true,
      },
    }),
  },
  ...Object.keys(inline).map(
    (field): MatrixEntry => ({
      route: `PUT /api/User/:userId/${field}`,
      roles: adminOnly,
      request: async (fx, c) => ({ url: `/api/User/${await userId(fx, c.principal, c.target)}/${field}`, payload: inline[field]() }),
    }),
  ),
  { route: 'PUT /api/User/:userId/disable', roles: adminOnly, request: async (fx, c) => ({ url: `/api/User/${await userId(fx, c.principal, c.target)}/disable` }) },
  {
    route: 'PUT /api/User/:userId/password',
    roles: adminOnly,
    ok: [204],
    request: async (fx, c) => ({ url: `/api/User/${await userId(fx, c.principal, c.target)}/password`, payload: { newPassword: 'Nouveau!Passe2026' } }),
  },
  {
    route: 'GET /api/Licence/User/:userId',
    roles: everyone,
    request: (fx, c) => ({ url: `/api/Licence/User/${existingUser(fx, c.principal, c.target)}` }),
  },
  { route: 'GET /api/TypeLicence', roles: everyone, request: () => ({ url: '/api/TypeLicence' }) },
  {
    route: 'POST /api/Licence',
    roles: adminOnly,
    record: true,
    ok: [201],
    request: async (fx, c) => ({
      url: '/api/Licence',
      payload: {
        UserId: await userId(fx, c.principal, c.target),
        TypeLicenceId: 1,
        LicenceKey: `MATRICE-${++n}`,
        DateActivation: new Date().toISOString(),
        DateExpiration: new Date(Date.now() + 86_400_000 * 30).toISOString(),
      },
    }),
  },
  {
    route: 'PUT /api/Licence/:id',
    roles: adminOnly,
    request: async (fx, c) => {
      const id = await licenceId(fx, c.principal, c.target);
      return { url: `/api/Licence/${id}`, payload: { LicenceId: id, DateExpiration: new Date(Date.now() + 86_400_000 * 60).toISOString() } };
    },
  },
  {
    route: 'PUT /api/Licence/:id/dateactivation',
    roles: adminOnly,
    request: async (fx, c) => {
      const id = await licenceId(fx, c.principal, c.target);
      return { url: `/api/Licence/${id}/dateactivation`, payload: { LicenceId: id, DateActivation: new Date().toISOString() } };
    },
  },
  { route: 'DELETE /api/Licence/:id', roles: adminOnly, ok: [204], request: async (fx, c) => ({ url: `/api/Licence/${await licenceId(fx, c.principal, c.target)}` }) },
];
