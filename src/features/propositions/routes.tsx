import type { RouteObject } from 'react-router-dom';

import { lazyPage } from '../../app/lazyPage';

export const propositionRoutes: RouteObject[] = [
  { path: '/proposition/:id', ...lazyPage(async () => (await import('./PropositionPage')).PropositionPage) },
];
