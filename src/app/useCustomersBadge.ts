import { useEffect } from 'react';

import { badgeText, propositionTotal } from '#domain/badge';

import { useCustomersQuery } from '../api/queries/customers';

/**
 * The Clients badge text, or null when hidden; a failed load only logs (docs/product.md §1.8). It reads
 * the customers page's own query: one request on /customers, and read again whenever a customer or a
 * proposition changes (the mutations invalidate it).
 */
export function useCustomersBadge(): string | null {
  const { data, error } = useCustomersQuery();
  useEffect(() => {
    if (error) console.error('Error fetching customers', error);
  }, [error]);
  return data ? badgeText(propositionTotal(data)) : null;
}
