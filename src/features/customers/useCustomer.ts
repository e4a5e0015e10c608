// Loads one customer (with its propositions) for the detail and edit screens; a 404 is "not found".
import { useEffect } from 'react';

import type { CustomerDetail } from '#domain/customer';

import { ApiError } from '../../api/http';
import { useCustomerQuery } from '../../api/queries/customers';

export type CustomerLoad =
  { state: 'loading' } | { state: 'ready'; customer: CustomerDetail } | { state: 'notFound' } | { state: 'error' };

const isNotFound = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

export function useCustomer(id: string | undefined): CustomerLoad {
  const { data, error, isPending } = useCustomerQuery(id);
  useEffect(() => {
    if (error && !isNotFound(error)) console.error('Erreur lors de la récupération des détails du client', error);
  }, [error]);
  if (!id || !/^\d+$/.test(id)) return { state: 'notFound' };
  if (error) return isNotFound(error) ? { state: 'notFound' } : { state: 'error' };
  if (isPending) return { state: 'loading' };
  return { state: 'ready', customer: data };
}
