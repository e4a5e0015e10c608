// Customers (docs/product.md §2.7).
import type { Customer, CustomerCreate, CustomerDetail, CustomerEdit } from '#domain/customer';

import { http } from './http';
import { shared } from './shared';

/** Concurrent callers (the page and the sidebar badge) share one request. */
export const fetchCustomersForCurrentUser = (signal?: AbortSignal) =>
  shared(
    'customers/forCurrentUser',
    (s) => http.list<Customer>('/api/Customers/forCurrentUser', 'customers', { signal: s }),
    signal,
  );

export const fetchCustomersForUser = (userId: number | string, signal?: AbortSignal) =>
  http.list<Customer>(`/api/Customers/forUser/${encodeURIComponent(String(userId))}`, 'customers', { signal });

export const fetchCustomer = (id: number | string, signal?: AbortSignal) =>
  http.get<CustomerDetail>(`/api/Customers/${encodeURIComponent(String(id))}`, { signal });

export const createCustomer = (body: CustomerCreate) => http.post<CustomerDetail>('/api/Customers/NewCustomer', body);

export const updateCustomer = (id: number, body: CustomerEdit) =>
  http.put<CustomerDetail>(`/api/Customers/${id}`, { ...body, customerId: id });

export const deleteCustomer = (id: number) => http.delete<void>(`/api/Customers/${id}`);
