// The products of the chosen company; loading while they load (the freeze state of a company change).
import type { ProductRef } from '#domain/analytics/fields';

import { useCompanyProductsQuery } from '../../api/queries/products';

const NO_PRODUCTS: ProductRef[] = [];

export function useCompanyProducts(companyId: number | null): { products: ProductRef[]; loading: boolean } {
  const query = useCompanyProductsQuery(companyId);
  const loading = companyId !== null && query.isPending;
  return { products: (companyId !== null && query.data) || NO_PRODUCTS, loading };
}
