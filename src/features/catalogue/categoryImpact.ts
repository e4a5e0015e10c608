// What deleting a category touches: its sub-categories at every depth (the server deletes them with it) and
// the products filed under any of them (they stay, without a category). Told before the user confirms.
import type { Category } from '#domain/category';

export interface CategoryImpact {
  sousCategories: number;
  produits: number;
}

export function categoryImpact(
  all: Pick<Category, 'id' | 'idCategorieMere'>[],
  products: { idCategorie: number | null }[],
  id: number,
): CategoryImpact {
  const tree = new Set([id]);
  // Grow the subtree until stable (a list is small; a cycle cannot loop since the set only grows).
  for (let grown = true; grown;) {
    grown = false;
    for (const c of all)
      if (c.idCategorieMere !== null && tree.has(c.idCategorieMere) && !tree.has(c.id)) {
        tree.add(c.id);
        grown = true;
      }
  }
  return {
    sousCategories: tree.size - 1,
    produits: products.filter((p) => p.idCategorie !== null && tree.has(p.idCategorie)).length,
  };
}
