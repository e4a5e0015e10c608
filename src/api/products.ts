// GET /api/Produit/Entreprise/{id}: a company's products; on failure an empty list (docs/product.md §1.7).
import { type ProductRef, readProduct } from '#domain/analytics/fields';

import { http } from './http';

export async function fetchCompanyProducts(companyId: number, signal?: AbortSignal): Promise<ProductRef[]> {
  try {
    const list = await http.list<Record<string, unknown>>(`/api/Produit/Entreprise/${companyId}`, 'produits', {
      signal,
    });
    return list.map(readProduct).filter((p): p is ProductRef => p !== null);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    console.error('Error fetching products', err);
    return [];
  }
}
