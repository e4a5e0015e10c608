// index.html draws, before any script, what the first screen will show (its inline script,
// server/http/shellScript.ts, marks the document for it): on a visit with a session token to any page but the
// sign-in one, the frame's bars (sidebar and brand, or the narrow screens' top bar; class `booting`); on the
// sign-in page of a phone or tablet without one, its "Accès restreint" card (`booting-restricted`). Both sit
// fixed behind the page. They stay until React shows the screen that covers them exactly (the frame, the
// sign-in page), or any other one; then they leave the document (one sidebar, one title for whoever
// queries them).
import { useLayoutEffect } from 'react';

/** Ends what the shell drew once `shown` (a layout effect: before the screen that replaces it is painted). */
export function useEndBootFrame(shown = true): void {
  useLayoutEffect(() => {
    if (!shown) return;
    document.documentElement.classList.remove('booting', 'booting-restricted');
    document.getElementById('boot-frame')?.remove();
    document.getElementById('boot-login')?.remove();
  }, [shown]);
}
