// Asks before a navigation drops what was typed (react-router's useBlocker), and before closing the tab.
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useEffect } from 'react';
import { type Location, useBlocker } from 'react-router-dom';

interface Props {
  /** True while something typed would be lost by leaving. */
  when: boolean;
  /** Destinations that keep the work (e.g. a round trip that comes back), never blocked. */
  allow?: (next: Location) => boolean;
  /** Called when the user chooses to leave anyway. */
  onLeave?: () => void;
}

export function LeaveGuard({ when, allow, onLeave }: Props) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search &&
      !allow?.(nextLocation),
  );
  useEffect(() => {
    if (!when) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  return (
    <ConfirmDialog
      visible={blocker.state === 'blocked'}
      onHide={(result) => result !== 'accept' && blocker.state === 'blocked' && blocker.reset()}
      header="Quitter sans enregistrer ?"
      message="Ce que vous avez saisi sur cette page n'est pas enregistré et sera perdu."
      icon="pi pi-exclamation-triangle"
      acceptLabel="Quitter"
      rejectLabel="Rester"
      defaultFocus="reject"
      acceptClassName="p-button-danger"
      accept={() => {
        onLeave?.();
        blocker.proceed?.();
      }}
    />
  );
}
