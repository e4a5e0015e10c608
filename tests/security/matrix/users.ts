// Users, roles, licences (issue 8's routes): reading follows the company, every change is Admin only;
// a colleague's mail and mobile are for Admin, Directeur and Manager, licence keys for Admin and the
// licence's own user; everyone changes his own password with the current one.
import { DEMO_PASSWORD } from '../../helpers/app';
import type { Fixtures, Principal } from '../harness/fixtures';
import { adminOnly, type Cell, everyone, management, type MatrixEntry, type Target, UNKNOWN_ID } from './types';

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
/** A colleague of the principal (own), never himself, so that reading him shows what a colleague gets. */
function colleague(fx: Fixtures, p: Principal, target: Target): number {
  if (target !== 'own') return existingUser(fx, p, target);
  if (fx.own(p) === 'A') return p.userId === fx.user.vendeurA ? fx.user.vendeur2A : fx.user.vendeurA;
  return p.userId === fx.user.vendeurB ? fx.user.directeurB : fx.user.vendeurB;
}

const valuesOf = (body: unknown): Array<Record<string, unknown>> => {
  const b = body as { $values?: Array<Record<string, unknown>> };
  return Array.isArray(b?.$values) ? b.$values : [body as Record<string, unknown>];
};

/** A colleague's mail or mobile shown to a role that may not read them. */
function contactsShown({ principal: p }: Cell, body: unknown): string[] {
  if (management.includes(p.role)) return [];
  return valuesOf(body)
    .filter((u) => u.userId !== p.userId && (u.mail !== null || u.mobile !== null))
    .map((u) => `mail/mobile of user ${String(u.userId)}`);
}

/** Another user's licence key or MAC address shown to a non-Admin. */
function keysShown({ principal: p }: Cell, body: unknown): string[] {
  const list = valuesOf(body);
  if (!list.length) return ['no licence to check'];
  if (p.role === 'Admin') return [];
  return list
    .filter((l) => l.userId !== p.userId && (l.licenceKey !== null || l.macAdress !== null))
    .map((l) => `key of licence ${String(l.licenceId)}`);
}

/** Each principal's password as the matrix changed it (they all start with the demo one). */
const passwords = new Map<number, string>();

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
  { route: 'GET /api/User', roles: everyone, unreadable: contactsShown, request: () => ({ url: '/api/User' }) },
  { route: 'GET /api/User/roles', roles: everyone, request: () => ({ url: '/api/User/roles' }) },
  {
    route: 'GET /api/User/ByEntreprise/:entrepriseId',
    roles: everyone,
    unreadable: contactsShown,
    request: (fx, { principal: p, target }) => ({
      url: `/api/User/ByEntreprise/${target === 'unknown' ? UNKNOWN_ID : fx.company[target === 'own' ? fx.own(p) : fx.other(p)]}`,
    }),
  },
  {
    route: 'GET /api/User/:userId',
    roles: everyone,
    unreadable: contactsShown,
    request: (fx, c) => ({ url: `/api/User/${colleague(fx, c.principal, c.target)}` }),
  },
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
  ...Object.keys(inline).map((field): MatrixEntry => ({
    route: `PUT /api/User/:userId/${field}`,
    roles: adminOnly,
    request: async (fx, c) => ({
      url: `/api/User/${await userId(fx, c.principal, c.target)}/${field}`,
      payload: inline[field](),
    }),
  })),
  {
    route: 'PUT /api/User/:userId/disable',
    roles: adminOnly,
    request: async (fx, c) => ({ url: `/api/User/${await userId(fx, c.principal, c.target)}/disable` }),
  },
  {
    route: 'PUT /api/User/:userId/password',
    roles: adminOnly,
    ok: [204],
    request: async (fx, c) => ({
      url: `/api/User/${await userId(fx, c.principal, c.target)}/password`,
      payload: { newPassword: 'Nouveau!Passe2026' },
    }),
  },
  {
    route: 'GET /api/Licence/User/:userId',
    roles: everyone,
    unreadable: keysShown,
    request: (fx, c) => ({ url: `/api/Licence/User/${colleague(fx, c.principal, c.target)}` }),
  },
  {
    // One's own password, the current one given: every role, the session's own account only.
    route: 'PUT /api/User/me/password',
    roles: everyone,
    request: (_fx, { principal: p }) => {
      const currentPassword = passwords.get(p.userId) ?? DEMO_PASSWORD;
      const newPassword = `Matrice#${++n}Passe`;
      if (p.state === 'valid') passwords.set(p.userId, newPassword);
      return { url: '/api/User/me/password', payload: { currentPassword, newPassword } };
    },
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
      return {
        url: `/api/Licence/${id}`,
        payload: { LicenceId: id, DateExpiration: new Date(Date.now() + 86_400_000 * 60).toISOString() },
      };
    },
  },
  {
    route: 'PUT /api/Licence/:id/dateactivation',
    roles: adminOnly,
    request: async (fx, c) => {
      const id = await licenceId(fx, c.principal, c.target);
      return {
        url: `/api/Licence/${id}/dateactivation`,
        payload: { LicenceId: id, DateActivation: new Date().toISOString() },
      };
    },
  },
  {
    route: 'DELETE /api/Licence/:id',
    roles: adminOnly,
    ok: [204],
    request: async (fx, c) => ({ url: `/api/Licence/${await licenceId(fx, c.principal, c.target)}` }),
  },
];
