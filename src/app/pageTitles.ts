// One document title per page ("Clients — Visio3D"): screen-reader users and tab lists tell pages apart by
// it. Kept here, beside the route table, rather than in each page, so a new route shows up in one place.
import type { RouteObject } from 'react-router-dom';

export const APP_NAME = 'Visio3D';

export const PAGE_TITLES: Record<string, string> = {
  '/login': 'Connexion',
  '/dashboard': 'Tableau de bord',
  '/customers': 'Clients',
  '/customers/create': 'Nouveau client',
  '/customers/edit/:id': 'Modifier le client',
  '/customers/:id': 'Fiche client',
  '/users/:userId/customers': "Clients de l'utilisateur",
  '/proposition/:id': 'Proposition',
  '/products': 'Nouveau produit',
  '/subdivision': 'Subdivisions',
  '/sousdiv': 'Sous-divisions',
  '/options': 'Options',
  '/nuancier': 'Nuancier',
  '/modeles': 'Modèles',
  '/catalogue': 'Catalogue',
  '/creer-categorie': 'Catégories',
  '/integration': 'Intégration',
  '/Users': 'Utilisateurs',
  '/UserCreateFormulaire': 'Créer un utilisateur',
  '/User/ByEntreprise/${entrepriseId}': 'Créer un utilisateur',
  '/users/:userId/details': "Détails de l'utilisateur",
  '/users/:userId/detailsCopy': "Détails de l'utilisateur",
  '/notifications': 'Mes notifications',
};

export function documentTitle(page: string | undefined): string {
  return page ? `${page} — ${APP_NAME}` : APP_NAME;
}

/** Adds `handle.title` to every route that has a path listed above (RootLayout reads the deepest one). */
export function withTitles(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const title = route.path ? PAGE_TITLES[route.path] : undefined;
    const children = route.children ? withTitles(route.children) : undefined;
    return {
      ...route,
      ...(title ? { handle: { ...route.handle, title } } : {}),
      ...(children ? { children } : {}),
    } as RouteObject;
  });
}
