import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';

import { fetchCustomersForCurrentUser } from '../api/customers';
import { badgeText, propositionTotal } from '../domain/badge';
import { customersVersionAtom } from '../features/customers/badgeAtoms';

/** The Clients badge text, or null when hidden; a failed load only logs (docs/product.md §1.8). */
export function useClientsBadge(): string | null {
  const version = useAtomValue(customersVersionAtom);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchCustomersForCurrentUser(controller.signal)
      .then((list) => setText(badgeText(propositionTotal(list))))
      .catch((err) => {
        if (err?.name !== 'AbortError') console.error('Error fetching customers', err);
      });
    return () => controller.abort();
  }, [version]);
  return text;
}
