// Loads one customer (with its propositions) for the detail and edit screens; a 404 is "not found".
import { useEffect, useState } from 'react';

import { fetchCustomer } from '../../api/customers';
import { ApiError } from '../../api/http';
import type { CustomerDetail } from '../../domain/customer';

export type CustomerLoad =
  { state: 'loading' } | { state: 'ready'; customer: CustomerDetail } | { state: 'notFound' } | { state: 'error' };

export function useCustomer(id: string | undefined): CustomerLoad {
  const [load, setLoad] = useState<CustomerLoad>({ state: 'loading' });
  useEffect(() => {
    if (!id || !/^\d+$/.test(id)) {
      setLoad({ state: 'notFound' });
      return;
    }
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetchCustomer(id, controller.signal)
      .then((customer) => setLoad({ state: 'ready', customer }))
      .catch((err) => {
        if (err?.name === 'AbortError') return;
        if (err instanceof ApiError && (err.status === 404 || err.status === 400)) setLoad({ state: 'notFound' });
        else {
          console.error('Erreur lors de la récupération des détails du client', err);
          setLoad({ state: 'error' });
        }
      });
    return () => controller.abort();
  }, [id]);
  return load;
}
