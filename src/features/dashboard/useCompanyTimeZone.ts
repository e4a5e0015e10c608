// The chosen company's reporting time zone (and its name, for export file names), read from GET /api/Entreprise (an Admin's list, or a user's
// own company). Europe/Paris until it answers, and for a server of the contract that does not send it.
import { useCallback } from 'react';

import { DEFAULT_TIME_ZONE, isTimeZone } from '#domain/analytics/zone';

import { useEntrepriseSaved, useEntreprisesQuery } from '../../api/queries/entreprises';

export function useCompanyTimeZone(companyId: number | null): {
  timeZone: string;
  name: string | null;
  /** The zone an Admin just saved (TimeZoneEditor): used at once, without reading the list again. */
  saved: (companyId: number, timeZone: string) => void;
} {
  // A failure only leaves the default zone.
  const { data } = useEntreprisesQuery(companyId !== null);
  const store = useEntrepriseSaved();
  const saved = useCallback((id: number, timeZone: string) => store({ entrepriseId: id, timeZone }), [store]);
  const known = companyId !== null ? data?.find((e) => e.entrepriseId === companyId) : undefined;
  return {
    timeZone: known && isTimeZone(known.timeZone) ? known.timeZone : DEFAULT_TIME_ZONE,
    name: known?.nomEntreprise || null,
    saved,
  };
}
