// The chosen company's reporting time zone (and its name, for export file names), read from GET /api/Entreprise (an Admin's list, or a user's
// own company). Europe/Paris until it answers, and for a server of the contract that does not send it.
import { useCallback, useEffect, useState } from 'react';

import { fetchEntreprises } from '../../api/entreprises';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../domain/analytics/zone';

export function useCompanyTimeZone(companyId: number | null): {
  timeZone: string;
  name: string | null;
  /** The zone an Admin just saved (TimeZoneEditor): used at once, without reading the list again. */
  saved: (companyId: number, timeZone: string) => void;
} {
  const [zones, setZones] = useState<Map<number, { timeZone: string; name: string }>>(new Map());
  useEffect(() => {
    if (companyId === null || zones.has(companyId)) return;
    const controller = new AbortController();
    fetchEntreprises(controller.signal)
      .then((list) =>
        setZones(
          new Map(
            list.map((e) => [
              e.entrepriseId,
              { timeZone: isTimeZone(e.timeZone) ? e.timeZone : DEFAULT_TIME_ZONE, name: e.nomEntreprise },
            ]),
          ),
        ),
      )
      .catch(() => undefined);
    return () => controller.abort();
  }, [companyId, zones]);
  const saved = useCallback(
    (id: number, timeZone: string) =>
      setZones((old) => new Map(old).set(id, { timeZone, name: old.get(id)?.name ?? '' })),
    [],
  );
  const known = companyId !== null ? zones.get(companyId) : undefined;
  return { timeZone: known?.timeZone ?? DEFAULT_TIME_ZONE, name: known?.name || null, saved };
}
