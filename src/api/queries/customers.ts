// Customers as server state: query keys, queries and mutations (docs/architecture.md, "Server state on the
// client"). The customers page and the sidebar badge read the same list query, so /customers asks once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { CustomerCreate, CustomerEdit } from '#domain/customer';

import {
  createCustomer,
  deleteCustomer,
  fetchCustomer,
  fetchCustomersForCurrentUser,
  fetchCustomersForUser,
  updateCustomer,
} from '../customers';
import { takeEarlyCustomers, takeEarlyCustomersData } from '../earlyRequests';

export const customerKeys = {
  all: ['customers'] as const,
  forCurrentUser: () => [...customerKeys.all, 'forCurrentUser'] as const,
  forUser: (userId: number | string) => [...customerKeys.all, 'forUser', String(userId)] as const,
  detail: (id: number | string) => [...customerKeys.all, 'detail', String(id)] as const,
};

/** The signed-in user's customers: the /customers page and the sidebar badge. A load of /customers starts
 * with the list asked for early (src/api/earlyRequests.ts): its answer when it has come, else its request. */
export function useCustomersQuery() {
  return useQuery({
    queryKey: customerKeys.forCurrentUser(),
    initialData: takeEarlyCustomersData,
    queryFn: ({ signal }) => takeEarlyCustomers() ?? fetchCustomersForCurrentUser(signal),
  });
}

export function useUserCustomersQuery(userId: number | string) {
  return useQuery({
    queryKey: customerKeys.forUser(userId),
    queryFn: ({ signal }) => fetchCustomersForUser(userId, signal),
  });
}

/** One customer with its propositions; disabled for an id that cannot be one (the caller says "not found"). */
export function useCustomerQuery(id: string | undefined) {
  const valid = !!id && /^\d+$/.test(id);
  return useQuery({
    queryKey: customerKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchCustomer(id ?? '', signal),
    enabled: valid,
  });
}

/**
 * After any change of a customer or a proposition: every customer list (and so the badge) and detail is
 * stale. The promise ends once the queries on screen have been read again, so a page navigated to next
 * shows the change at once. `except`: a customer just deleted, whose detail is dropped, not read again.
 */
export function useInvalidateCustomers() {
  const client = useQueryClient();
  return async (except?: number) => {
    if (except === undefined) return client.invalidateQueries({ queryKey: customerKeys.all });
    const gone = customerKeys.detail(except);
    await client.invalidateQueries({
      queryKey: customerKeys.all,
      predicate: (q) => q.queryKey.join('/') !== gone.join('/'),
    });
  };
}

/** Drops a deleted customer's detail from the cache (once its page is left). */
export function useForgetCustomer() {
  const client = useQueryClient();
  return (id: number) => client.removeQueries({ queryKey: customerKeys.detail(id) });
}

export function useCreateCustomerMutation() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: CustomerCreate) => createCustomer(body),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateCustomerMutation() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CustomerEdit }) => updateCustomer(id, body),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteCustomerMutation() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (id: number) => deleteCustomer(id),
    onSuccess: (_, id) => invalidate(id),
  });
}
