// index.html draws the frame's bars (sidebar and brand, or the narrow screens' top bar) before any script
// when a session token is stored and the page is not the sign-in one: its inline script
// (server/http/shellScript.ts) marks the document `booting`, and styles.css shows them behind the page.
// They stay until React shows the frame, which covers them exactly, or any screen that is not the frame;
// then they leave the document (one sidebar, one top bar for whoever queries them).
import { useLayoutEffect } from 'react';

/** Ends the drawn frame once `shown` (a layout effect: before the screen that replaces it is painted). */
export function useEndBootFrame(shown = true): void {
  useLayoutEffect(() => {
    if (!shown) return;
    document.documentElement.classList.remove('booting');
    document.getElementById('boot-frame')?.remove();
  }, [shown]);
}
