// The unsaved-changes guard of a react-hook-form page (docs/architecture.md, "Forms"): asks before leaving
// while the form is changed and not saved, and runs what follows a save (usually a navigation) only once
// the guard knows the form is saved, so that navigation is not itself blocked.
import { useEffect, useEffectEvent } from 'react';
import { useFormState } from 'react-hook-form';
import type { Location } from 'react-router-dom';

import { LeaveGuard } from './LeaveGuard';

interface Props {
  /** After a successful submit: the navigation away, typically. */
  onSaved?: () => void;
  /** Destinations that keep the work, never blocked. */
  allow?: (next: Location) => boolean;
}

export function FormLeaveGuard({ onSaved, allow }: Props) {
  const { isDirty, isSubmitSuccessful } = useFormState();
  const saved = useEffectEvent(() => onSaved?.());
  // Runs after LeaveGuard's own effect (a child's effects run first) has released the navigation.
  useEffect(() => {
    if (isSubmitSuccessful) saved();
  }, [isSubmitSuccessful]);
  return <LeaveGuard when={isDirty && !isSubmitSuccessful} allow={allow} />;
}
