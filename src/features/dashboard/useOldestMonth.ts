// The oldest month the server keeps (GET /api/ProductStatistics/Retention) into oldestMonthAtom, so the
// period choices offer no purged year or month and the selection is clamped to it. Until it is known, or
// if it cannot be read, the choices are those of the original screens: nothing is hidden by an error.
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';

import { yearMonthOf } from '#domain/analytics/retention';

import { useRetentionQuery } from '../../api/queries/retention';
import { setOldestMonthAtom } from './atoms';

export function useOldestMonth(): void {
  const { data, error } = useRetentionQuery();
  const setOldest = useSetAtom(setOldestMonthAtom);
  useEffect(() => {
    if (data) setOldest(yearMonthOf(data.oldestMonth));
  }, [data, setOldest]);
  useEffect(() => {
    if (error) console.error('Error fetching the events retention', error);
  }, [error]);
}
