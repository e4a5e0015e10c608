import type { RouteObject } from 'react-router-dom';

import { lazyPage } from '../../app/lazyPage';

// Product flow: /products -> /subdivision -> (/sousdiv) -> /options -> /dashboard; the models page is
// /modeles?groupId=. Each page is its own chunk, loaded when its route is first visited (docs/performance.md).
/** Creation and edition share the page; a key per mode so that going from one to the other starts afresh. */
async function productPage(mode: 'create' | 'edit') {
  const { ProductCreatePage } = await import('./ProductCreatePage');
  return () => <ProductCreatePage key={mode} />;
}

export const catalogueRoutes: RouteObject[] = [
  { path: '/products', ...lazyPage(async () => productPage('create')) },
  { path: '/products/:id/edit', ...lazyPage(async () => productPage('edit')) },
  {
    path: '/subdivision',
    ...lazyPage(async () => (await import('./SubdivisionQuestionPage')).SubdivisionQuestionPage),
  },
  { path: '/sousdiv', ...lazyPage(async () => (await import('./SubdivisionsPage')).SubdivisionsPage) },
  { path: '/options', ...lazyPage(async () => (await import('./OptionsPage')).OptionsPage) },
  { path: '/nuancier', ...lazyPage(async () => (await import('./NuancierPage')).NuancierPage) },
  { path: '/modeles', ...lazyPage(async () => (await import('./ModelsPage')).ModelsPage) },
  { path: '/catalogue', ...lazyPage(async () => (await import('./CataloguePage')).CataloguePage) },
  { path: '/creer-categorie', ...lazyPage(async () => (await import('./CategoryPage')).CategoryPage) },
  { path: '/integration', ...lazyPage(async () => (await import('./IntegrationPage')).IntegrationPage) },
];
