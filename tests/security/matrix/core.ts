// The foundation's routes: sign-in, logout, current user, customers of the current user, companies.
import { DEMO_PASSWORD } from '../../helpers/app';
import { everyone, type MatrixEntry } from './types';

export const coreEntries: MatrixEntry[] = [
  {
    route: 'POST /api/Auth/backoffice/login',
    roles: everyone,
    public: true,
    // Public: whatever bearer comes with it, the answer depends on the credentials only.
    request: () => ({
      url: '/api/Auth/backoffice/login',
      payload: { mail: 'manager@demo.fr', password: DEMO_PASSWORD },
    }),
  },
  { route: 'POST /api/Auth/logout', roles: everyone, ok: [204], request: () => ({ url: '/api/Auth/logout' }) },
  { route: 'GET /api/User/current', roles: everyone, request: () => ({ url: '/api/User/current' }) },
  {
    route: 'GET /api/Customers/forCurrentUser',
    roles: everyone,
    request: () => ({ url: '/api/Customers/forCurrentUser' }),
  },
  { route: 'GET /api/Entreprise', roles: everyone, request: () => ({ url: '/api/Entreprise' }) },
];
