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
  /** Work the page holds beside the form's fields (options staged to be sent): guarded as a change is. */
  unsaved?: boolean;
  /** The page's own "saved", for a page that does not save through handleSubmit (isSubmitSuccessful then). */
  saved?: boolean;
  /** Leaving anyway: what the page keeps beyond the form (a copy in sessionStorage) is dropped. */
  onLeave?: () => void;
}

export function FormLeaveGuard({ onSaved, allow, unsaved = false, saved, onLeave }: Props) {
  const { isDirty, isSubmitSuccessful } = useFormState();
  const done = saved ?? isSubmitSuccessful;
  const afterSave = useEffectEvent(() => onSaved?.());
  // Runs after LeaveGuard's own effect (a child's effects run first) has released the navigation.
  useEffect(() => {
    if (done) afterSave();
  }, [done]);
  return <LeaveGuard when={(isDirty || unsaved) && !done} allow={allow} onLeave={onLeave} />;
}
