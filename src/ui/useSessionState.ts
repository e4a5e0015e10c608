// useState kept in sessionStorage under a key: work staged on one page survives a visit to another page
// of the same tab (and a reload), never another tab or a later sign-in (sessionStorage is per tab).
import { useCallback, useEffect, useState } from 'react';

/** What `key` holds, or `initial()` when nothing (or nothing readable) is stored. */
export function readSession<T>(key: string, initial: () => T): T {
  try {
    const raw = globalThis.sessionStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : initial();
  } catch {
    return initial();
  }
}

export function writeSession(key: string, value: unknown): void {
  try {
    globalThis.sessionStorage?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or unavailable: the state still lives in memory */
  }
}

export function removeSession(key: string): void {
  try {
    globalThis.sessionStorage?.removeItem(key);
  } catch {
    /* unavailable */
  }
}

export function useSessionState<T>(
  key: string,
  initial: () => T,
): [T, (next: T | ((prev: T) => T)) => void, () => void] {
  const [value, setValue] = useState<T>(() => readSession(key, initial));
  // A new key (another product) starts from what that key holds.
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setValue(readSession(key, initial));
  }
  useEffect(() => writeSession(key, value), [key, value]);
  const clear = useCallback(() => removeSession(key), [key]);
  return [value, setValue, clear];
}
