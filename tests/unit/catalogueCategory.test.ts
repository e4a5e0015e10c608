// Category list rules (docs/product.md §2.2.12, 5, 9).
import { describe, expect, it } from 'vitest';

import {
  CATEGORY_LIST_LIMIT,
  categoryDeleteMessage,
  categoryPath,
  DELETE_WITH_CHILDREN_CONFIRM,
  hasSubCategories,
  parentLabel,
} from '#domain/category';

import { categoryImpact } from '../../src/features/catalogue/categoryImpact';

describe('categories', () => {
  const list = [
    { id: 1, nomCategorie: 'Luminaires', nomCategorieMere: null, idCategorieMere: null },
    { id: 2, nomCategorie: 'Suspensions', nomCategorieMere: 'Luminaires', idCategorieMere: 1 },
  ];
  it("shows the parent name or 'Aucune'", () => {
    expect(list.map(parentLabel)).toEqual(['Aucune', 'Luminaires']);
  });
  it('knows which categories have sub-categories', () => {
    expect(hasSubCategories(list, 1)).toBe(true);
    expect(hasSubCategories(list, 2)).toBe(false);
  });
  it('lists at most 8 rows and asks the confirmation text of docs/product.md §2.5', () => {
    expect(CATEGORY_LIST_LIMIT).toBe(8);
    expect(DELETE_WITH_CHILDREN_CONFIRM).toBe(
      'Cette catégorie a des sous-catégories. Voulez-vous également supprimer toutes les sous-catégories associées ?',
    );
  });
  it('names a sub-category with its parent in dropdowns', () => {
    expect(categoryPath(list[1])).toBe('Luminaires › Suspensions');
  });
});

describe('what a category delete touches (issue 16 §1.3)', () => {
  const all = [
    { id: 1, idCategorieMere: null },
    { id: 2, idCategorieMere: 1 },
    { id: 3, idCategorieMere: 2 },
    { id: 4, idCategorieMere: null },
  ];
  const products = [{ idCategorie: 1 }, { idCategorie: 3 }, { idCategorie: 4 }, { idCategorie: null }];
  it('counts sub-categories at every depth and the products filed under any of them', () => {
    expect(categoryImpact(all, products, 1)).toEqual({ sousCategories: 2, produits: 2 });
    expect(categoryImpact(all, products, 3)).toEqual({ sousCategories: 0, produits: 1 });
    expect(categoryImpact(all, [], 4)).toEqual({ sousCategories: 0, produits: 0 });
  });
  it('says it in French', () => {
    expect(categoryDeleteMessage('Luminaires', 2, 3)).toBe(
      'Supprimer « Luminaires » et ses 2 sous-catégories ? 3 produits perdront leur catégorie (ils restent au catalogue).',
    );
    expect(categoryDeleteMessage('Bornes', 1, 1)).toBe(
      'Supprimer « Bornes » et sa sous-catégorie ? 1 produit perdra sa catégorie (il reste au catalogue).',
    );
    expect(categoryDeleteMessage('Vide', 0, 0)).toBe('Supprimer « Vide » ? Aucun produit ne perd sa catégorie.');
  });
});
