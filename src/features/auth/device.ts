// Login is for desktop computers only (docs/product.md sections 1, 2): phones and tablets see "Accès restreint".
export interface DeviceInfo {
  userAgent: string;
  /** navigator.userAgentData.mobile, where the browser gives client hints. */
  uaMobile?: boolean;
  maxTouchPoints: number;
  platform?: string;
  screenWidth: number;
  screenHeight: number;
}

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Tablet|Silk|Kindle|BlackBerry|BB10|Opera Mini|IEMobile|webOS/i;

export function isRestrictedDevice(d: DeviceInfo): boolean {
  if (d.uaMobile === true) return true;
  if (MOBILE_UA.test(d.userAgent)) return true;
  // iPadOS presents itself as a Mac: only its touch screen gives it away.
  if (/Macintosh/i.test(d.userAgent) && d.maxTouchPoints > 1) return true;
  // A touch-first device with a small screen is a phone or a tablet whatever its user agent says.
  return d.maxTouchPoints > 0 && Math.min(d.screenWidth, d.screenHeight) < 768;
}

export function currentDevice(): DeviceInfo {
  const nav = navigator as Navigator & { userAgentData?: { mobile?: boolean } };
  return {
    userAgent: nav.userAgent,
    uaMobile: nav.userAgentData?.mobile,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    platform: nav.platform,
    screenWidth: window.screen?.width ?? window.innerWidth,
    screenHeight: window.screen?.height ?? window.innerHeight,
  };
}
