// Categories (docs/product.md §2.2.12, 3, 5 and 9): the API shape, the create payload and the list rules.
import { z } from 'zod';

import { dbId } from './dbId';
import { boundedText } from './text';

export const NO_PARENT_LABEL = 'Aucune';
export const CATEGORY_LIST_LIMIT = 8;
export const CREATE_CATEGORY_OPTION = 'Créer une nouvelle catégorie';
export const DELETE_WITH_CHILDREN_CONFIRM =
  'Cette catégorie a des sous-catégories. Voulez-vous également supprimer toutes les sous-catégories associées ?';
/** The delete confirmation: what goes with the category, what loses it. */
export function categoryDeleteMessage(nom: string, sousCategories: number, produits: number): string {
  const subs = sousCategories
    ? ` et ${sousCategories > 1 ? `ses ${sousCategories} sous-catégories` : 'sa sous-catégorie'}`
    : '';
  const prods =
    produits === 0
      ? 'Aucun produit ne perd sa catégorie.'
      : produits === 1
        ? '1 produit perdra sa catégorie (il reste au catalogue).'
        : `${produits} produits perdront leur catégorie (ils restent au catalogue).`;
  return `Supprimer « ${nom} »${subs} ? ${prods}`;
}
export const ALL_CATEGORIES_LABEL = 'Voir toutes les catégories';
export const FIRST_CATEGORIES_LABEL = 'Voir les 8 premières';
// The spec shows no validation on this form; the server still refuses an empty name.
export const CATEGORY_MESSAGES = {
  nom: 'Le nom de la catégorie est requis',
  nomInvalid: 'Nom de la catégorie invalide (100 caractères max)',
} as const;

export const categorySchema = z.object({
  id: z.number(),
  nomCategorie: z.string(),
  nomCategorieMere: z.string().nullable(),
  idCategorieMere: z.number().nullable(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryCreateSchema = z.object({
  Nom_categorie: boundedText({ required: CATEGORY_MESSAGES.nom, max: 100, invalid: CATEGORY_MESSAGES.nomInvalid }),
  Id_categorie_mere: dbId().nullable().optional(),
  EntrepriseId: dbId().nullable().optional(),
});
export type CategoryCreate = z.input<typeof categoryCreateSchema>;

export const parentLabel = (c: Pick<Category, 'nomCategorieMere'>) => c.nomCategorieMere || NO_PARENT_LABEL;

export const hasSubCategories = (all: Pick<Category, 'idCategorieMere'>[], id: number) =>
  all.some((c) => c.idCategorieMere === id);

/** A category's name with its parent's, for dropdowns ("Luminaires › Suspensions"). */
export const categoryPath = (c: Pick<Category, 'nomCategorie' | 'nomCategorieMere'>) =>
  c.nomCategorieMere ? `${c.nomCategorieMere} › ${c.nomCategorie}` : c.nomCategorie;
