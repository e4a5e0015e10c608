// Loads a user and his licences for the details screens; each change stores or reloads them.
import { useEffect } from 'react';

import { useLicencesQuery, useUserChanged, useUserQuery } from '../../api/queries/users';
import type { User } from '../../api/users';
import type { Licence } from '../../domain/licence';
import { notifyError } from '../../ui/toast';

const NO_LICENCES: Licence[] = [];

export function useUserDetails(userId: number) {
  const userQuery = useUserQuery(userId);
  // His licences once he is known (a failed user load says so alone).
  const licencesQuery = useLicencesQuery(userId, userQuery.isSuccess);
  const changed = useUserChanged();

  useEffect(() => {
    if (userQuery.error) console.error("Erreur lors de la récupération de l'utilisateur", userQuery.error);
  }, [userQuery.error]);
  useEffect(() => {
    if (!licencesQuery.error) return;
    console.error('Error fetching licences', licencesQuery.error);
    notifyError('Erreur lors de la récupération des informations');
  }, [licencesQuery.error]);

  return {
    user: userQuery.data ?? null,
    /** The user as the server answered a change. */
    setUser: (user: User) => void changed.saved(user),
    licences: licencesQuery.data ?? NO_LICENCES,
    reloadLicences: () => changed.licences(userId),
    error: userQuery.isError ? "Erreur lors de la récupération de l'utilisateur" : null,
    loading: userQuery.isPending || (userQuery.isSuccess && licencesQuery.isPending),
  };
}
