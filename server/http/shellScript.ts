// The one inline script of the app's shell (index.html, put there by scripts/bootFrame.ts): on a visit with
// a session token to any page but the sign-in one, it marks the document `booting` before the first paint,
// so that the frame's sidebar drawn by index.html shows while the scripts load (src/app/bootFrame.ts ends
// it). The CSP allows this script by its hash (security.ts), and no other inline script.
import { createHash } from 'node:crypto';

export const SHELL_SCRIPT =
  "try{if(localStorage.getItem('token')&&!/^\\/login\\/?$/i.test(location.pathname))document.documentElement.classList.add('booting')}catch(e){}";

export const SHELL_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`;
