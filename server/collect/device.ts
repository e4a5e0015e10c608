// The visit's device class and system (product_visits.device / .system, domain/visitSignals.ts), decided
// from the request's user agent when the visit's row is written; the agent itself is never stored. Coarse
// on purpose: a class (ordinateur / téléphone / tablette) and a system family, nothing that tells one
// visitor from another. The page sends nothing about its device.
//
// iPadOS: Safari on an iPad asks for the desktop site by default and then sends a Macintosh agent, the same
// as a Mac's; only the page could tell them apart (touch points), and it does not send them (nothing the
// server cannot see is trusted). Such a visit is counted as "ordinateur / macOS"; docs/viewer.md says so.
import { DEVICE_CLASSES, type DeviceClass, type System, SYSTEMS } from '#domain/visitSignals';

export interface VisitDevice {
  /** Index + 1 in DEVICE_CLASSES, 0 unknown. */
  device: number;
  /** Index + 1 in SYSTEMS, 0 another or unknown. */
  system: number;
}

/** Agents longer than this are read up to it: the tests below stay linear and short whatever is sent. */
const MAX_READ = 512;

const code = <T extends string>(list: readonly T[], value: T | null) => (value ? list.indexOf(value) + 1 : 0);

function systemOf(ua: string): System | null {
  // Order matters: Android agents say "Linux", iOS agents say "like Mac OS X".
  if (/\b(?:iPhone|iPad|iPod)\b/.test(ua)) return 'ios';
  if (/\bAndroid\b/.test(ua)) return 'android';
  if (/\bWindows\b/.test(ua)) return 'windows';
  if (/\bMacintosh\b|\bMac OS X\b/.test(ua)) return 'macos';
  if (/\bCrOS\b/.test(ua)) return null;
  if (/\bLinux\b|\bX11\b/.test(ua)) return 'linux';
  return null;
}

function classOf(ua: string, system: System | null): DeviceClass | null {
  if (/\biPad\b|\bTablet\b|\bKindle\b|\bSilk\b/.test(ua)) return 'tablette';
  if (/\b(?:iPhone|iPod)\b/.test(ua)) return 'telephone';
  // An Android phone's browser says "Mobile"; an Android tablet's does not.
  if (system === 'android') return /\bMobile\b/.test(ua) ? 'telephone' : 'tablette';
  if (/\bMobile\b/.test(ua)) return 'telephone';
  if (system === 'windows' || system === 'macos' || system === 'linux' || /\bCrOS\b/.test(ua)) return 'ordinateur';
  return null;
}

/** The coarse device and system of a request's user agent (absent or unknown: 0, 0). */
export function visitDevice(userAgent: string | undefined): VisitDevice {
  if (!userAgent) return { device: 0, system: 0 };
  const ua = userAgent.slice(0, MAX_READ);
  const system = systemOf(ua);
  return { device: code(DEVICE_CLASSES, classOf(ua, system)), system: code(SYSTEMS, system) };
}
