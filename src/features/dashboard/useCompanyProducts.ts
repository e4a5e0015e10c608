// The products of the chosen company; null while they load (the freeze state of a company change).
import { useEffect, useState } from 'react';

import { fetchCompanyProducts } from '../../api/products';
import type { ProductRef } from '../../domain/analytics/fields';

export function useCompanyProducts(companyId: number | null): { products: ProductRef[]; loading: boolean } {
  const [state, setState] = useState<{ companyId: number | null; products: ProductRef[] | null }>({
    companyId: null,
    products: [],
  });
  useEffect(() => {
    if (companyId === null) {
      setState({ companyId: null, products: [] });
      return;
    }
    const controller = new AbortController();
    setState({ companyId, products: null });
    fetchCompanyProducts(companyId, controller.signal)
      .then((products) => setState({ companyId, products }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [companyId]);
  const loading = companyId !== null && (state.companyId !== companyId || state.products === null);
  return { products: loading ? [] : (state.products ?? []), loading };
}
