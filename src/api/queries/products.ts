// A company's products for the dashboard's scope choice (docs/architecture.md, "Server state on the client").
import { useQuery } from '@tanstack/react-query';

import { fetchCompanyProducts } from '../products';

export const productKeys = {
  company: (companyId: number) => ['products', 'company', companyId] as const,
};

export function useCompanyProductsQuery(companyId: number | null) {
  return useQuery({
    queryKey: productKeys.company(companyId ?? 0),
    queryFn: ({ signal }) => fetchCompanyProducts(companyId ?? 0, signal),
    enabled: companyId !== null,
  });
}
