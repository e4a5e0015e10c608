// Below 1024 px the sidebar folds away (styles.css, "Narrow screens"): this bar at the top of the frame
// holds the brand and the "Menu" button that opens it (docs/back-office.md).
import { PROVIDER } from '../ui/brand';

export const SIDEBAR_ID = 'navigation-laterale';

export function TopBar({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <div className="topbar">
      <button type="button" className="menu-button" aria-expanded={open} aria-controls={SIDEBAR_ID} onClick={onToggle}>
        <i className={`pi ${open ? 'pi-times' : 'pi-bars'}`} aria-hidden="true" />
        <span>{open ? 'Fermer le menu' : 'Menu'}</span>
      </button>
      <img src="/logo.svg" alt="" width={28} height={28} />
      <strong>{PROVIDER}</strong>
    </div>
  );
}
