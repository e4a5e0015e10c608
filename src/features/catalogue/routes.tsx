import type { RouteObject } from 'react-router-dom';

// Product flow: /products -> /subdivision -> (/sousdiv) -> /options -> /dashboard; the models page is
// /modeles?groupId=. Each page is its own chunk, loaded when its route is first visited (docs/performance.md).
/** Creation and edition share the page; a key per mode so that going from one to the other starts afresh. */
async function productPage(mode: 'create' | 'edit') {
  const { ProductCreatePage } = await import('./ProductCreatePage');
  return { Component: () => <ProductCreatePage key={mode} /> };
}

export const catalogueRoutes: RouteObject[] = [
  { path: '/products', lazy: async () => productPage('create') },
  { path: '/products/:id/edit', lazy: async () => productPage('edit') },
  {
    path: '/subdivision',
    lazy: async () => ({ Component: (await import('./SubdivisionQuestionPage')).SubdivisionQuestionPage }),
  },
  { path: '/sousdiv', lazy: async () => ({ Component: (await import('./SubdivisionsPage')).SubdivisionsPage }) },
  { path: '/options', lazy: async () => ({ Component: (await import('./OptionsPage')).OptionsPage }) },
  { path: '/nuancier', lazy: async () => ({ Component: (await import('./NuancierPage')).NuancierPage }) },
  { path: '/modeles', lazy: async () => ({ Component: (await import('./ModelsPage')).ModelsPage }) },
  { path: '/catalogue', lazy: async () => ({ Component: (await import('./CataloguePage')).CataloguePage }) },
  { path: '/creer-categorie', lazy: async () => ({ Component: (await import('./CategoryPage')).CategoryPage }) },
];
