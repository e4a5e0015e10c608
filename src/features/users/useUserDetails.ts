// Loads a user and his licences for the details screens; reload after each change.
import { useCallback, useEffect, useState } from 'react';

import { fetchLicences } from '../../api/licences';
import { fetchUser, type User } from '../../api/users';
import type { Licence } from '../../domain/licence';
import { notifyError } from '../../ui/toast';

export function useUserDetails(userId: number) {
  const [user, setUser] = useState<User | null>(null);
  const [licences, setLicences] = useState<Licence[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const reloadLicences = useCallback(
    (signal?: AbortSignal) =>
      fetchLicences(userId, signal)
        .then(setLicences)
        .catch((err) => {
          if (err?.name === 'AbortError') return;
          console.error('Error fetching licences', err);
          notifyError('Erreur lors de la récupération des informations');
        }),
    [userId],
  );

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    fetchUser(userId, controller.signal)
      .then((u) => {
        setUser(u);
        return reloadLicences(controller.signal);
      })
      .catch((err) => {
        if (err?.name === 'AbortError') return;
        console.error("Erreur lors de la récupération de l'utilisateur", err);
        setError("Erreur lors de la récupération de l'utilisateur");
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [userId, reloadLicences]);

  return { user, setUser, licences, reloadLicences, error, loading };
}
