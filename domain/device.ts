// The desktop-only gate of the sign-in page (docs/product.md sections 1, 2): phones and tablets see "Accès
// restreint". The shell's inline script (server/http/shellScript.ts) makes the same decision before any
// script loads, from MOBILE_UA and the same three rules (tests/unit/auth.test.ts checks they agree).
export interface DeviceInfo {
  userAgent: string;
  /** navigator.userAgentData.mobile, where the browser gives client hints. */
  uaMobile?: boolean;
  maxTouchPoints: number;
  platform?: string;
  screenWidth: number;
  screenHeight: number;
}

export const MOBILE_UA =
  /Android|iPhone|iPad|iPod|Mobile|Tablet|Silk|Kindle|BlackBerry|BB10|Opera Mini|IEMobile|webOS/i;

export function isRestrictedDevice(d: DeviceInfo): boolean {
  if (d.uaMobile === true) return true;
  if (MOBILE_UA.test(d.userAgent)) return true;
  // iPadOS presents itself as a Mac: only its touch screen gives it away.
  if (/Macintosh/i.test(d.userAgent) && d.maxTouchPoints > 1) return true;
  // A touch-first device with a small screen is a phone or a tablet whatever its user agent says.
  return d.maxTouchPoints > 0 && Math.min(d.screenWidth, d.screenHeight) < 768;
}
