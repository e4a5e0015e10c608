import type { RouteObject } from 'react-router-dom';

export const propositionRoutes: RouteObject[] = [
  { path: '/proposition/:id', lazy: async () => ({ Component: (await import('./PropositionPage')).PropositionPage }) },
];
