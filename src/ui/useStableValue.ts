// The previous value while the new one has the same content: a small array of figures that comes back
// equal from a new view (the funnel after a metric change) then keeps its identity, so memoised charts
// neither re-render nor redraw.
import { useMemo } from 'react';

export function useStableValue<T>(value: T): T {
  const json = JSON.stringify(value);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by content on purpose: that is the point
  return useMemo(() => value, [json]);
}
