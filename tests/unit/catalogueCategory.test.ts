// Category list rules (spec 2.12, 5, 9).
import { describe, expect, it } from 'vitest';
import { CATEGORY_LIST_LIMIT, DELETE_WITH_CHILDREN_CONFIRM, categoryPath, hasSubCategories, parentLabel } from '../../src/domain/category';

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
  it('lists at most 8 rows and asks the confirmation text of spec 5', () => {
    expect(CATEGORY_LIST_LIMIT).toBe(8);
    expect(DELETE_WITH_CHILDREN_CONFIRM).toBe(
      'Cette catégorie a des sous-catégories. Voulez-vous également supprimer toutes les sous-catégories associées ?',
    );
  });
  it('names a sub-category with its parent in dropdowns', () => {
    expect(categoryPath(list[1])).toBe('Luminaires › Suspensions');
  });
});
