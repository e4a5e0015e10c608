// Loads a user and his licences for the details screens; each change is stored or read again by its
// mutation (src/api/queries/users.ts).
import { useEffect } from 'react';

import type { Licence } from '#domain/licence';

import { useLicencesQuery, useUserQuery } from '../../api/queries/users';
import { notifyError } from '../../ui/toast';

const NO_LICENCES: Licence[] = [];

export function useUserDetails(userId: number) {
  const userQuery = useUserQuery(userId);
  // His licences once he is known (a failed user load says so alone).
  const licencesQuery = useLicencesQuery(userId, userQuery.isSuccess);

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
    licences: licencesQuery.data ?? NO_LICENCES,
    error: userQuery.isError ? "Erreur lors de la récupération de l'utilisateur" : null,
    loading: userQuery.isPending || (userQuery.isSuccess && licencesQuery.isPending),
  };
}
