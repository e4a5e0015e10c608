import type { RouteObject } from 'react-router-dom';
import { CataloguePage } from './CataloguePage';
import { CategoryPage } from './CategoryPage';
import { ModelsPage } from './ModelsPage';
import { NuancierPage } from './NuancierPage';
import { OptionsPage } from './OptionsPage';
import { ProductCreatePage } from './ProductCreatePage';
import { SousDivPage } from './SousDivPage';
import { SubdivisionPage } from './SubdivisionPage';

// Product flow (spec 4): /products -> /subdivision -> (/sousdiv) -> /options -> /dashboard.
// The models page's route is not shown in the spec: /modeles?groupId= (issue 7).
export const catalogueRoutes: RouteObject[] = [
  { path: '/products', element: <ProductCreatePage key="create" /> },
  { path: '/products/:id/edit', element: <ProductCreatePage key="edit" /> },
  { path: '/subdivision', element: <SubdivisionPage /> },
  { path: '/sousdiv', element: <SousDivPage /> },
  { path: '/options', element: <OptionsPage /> },
  { path: '/nuancier', element: <NuancierPage /> },
  { path: '/modeles', element: <ModelsPage /> },
  { path: '/catalogue', element: <CataloguePage /> },
  { path: '/creer-categorie', element: <CategoryPage /> },
];
