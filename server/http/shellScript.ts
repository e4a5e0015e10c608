// The one inline script of the app's shell (index.html, put there by scripts/bootFrame.ts). Before the first
// paint it marks the document for what index.html draws while the scripts load (src/app/bootFrame.ts ends
// it): `booting` on a visit with a session token to any page but the sign-in one (the frame's bars);
// `booting-restricted` on the sign-in page of a phone or tablet without one (the "Accès restreint" card,
// which is all that page shows there). The CSP allows this script by its hash (security.ts), and no other
// inline script.
import { createHash } from 'node:crypto';

import { MOBILE_UA } from '#domain/device';

/**
 * isRestrictedDevice (domain/device.ts) as the shell can run it, on `navigator` and `screen`: the same
 * user-agent pattern and the same three rules (tests/unit/auth.test.ts runs both on the same devices).
 */
export const RESTRICTED_DEVICE_JS =
  'function(n,s){var u=n.userAgent,t=n.maxTouchPoints||0;' +
  `return(n.userAgentData&&n.userAgentData.mobile===true)||/${MOBILE_UA.source}/i.test(u)||` +
  '(/Macintosh/i.test(u)&&t>1)||(t>0&&Math.min(s.width,s.height)<768)}';

// In a function: a classic script's `var`s would be the window's.
export const SHELL_SCRIPT =
  "try{(function(d,l){if(localStorage.getItem('token')){if(!l)d.classList.add('booting')}" +
  `else if(l&&(${RESTRICTED_DEVICE_JS})(navigator,screen))d.classList.add('booting-restricted')})` +
  '(document.documentElement,/^\\/login\\/?$/i.test(location.pathname))}catch(e){}';

export const SHELL_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`;
