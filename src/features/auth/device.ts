// This browser's device, for the desktop-only gate (domain/device.ts).
import type { DeviceInfo } from '#domain/device';

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
