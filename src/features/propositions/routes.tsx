import type { RouteObject } from 'react-router-dom';
import { PropositionPage } from './PropositionPage';

export const propositionRoutes: RouteObject[] = [{ path: '/proposition/:id', element: <PropositionPage /> }];
