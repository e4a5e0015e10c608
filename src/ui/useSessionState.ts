// useState kept in sessionStorage under a key: work staged on one page survives a visit to another page
// of the same tab (and a reload), never another tab or a later sign-in (sessionStorage is per tab).
import { useCallback, useEffect, useState } from 'react';

function read<T>(key: string, initial: () => T): T {
  try {
    const raw = globalThis.sessionStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : initial();
  } catch {
    return initial();
  }
}

export function useSessionState<T>(
  key: string,
  initial: () => T,
): [T, (next: T | ((prev: T) => T)) => void, () => void] {
  const [value, setValue] = useState<T>(() => read(key, initial));
  // A new key (another product) starts from what that key holds.
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setValue(read(key, initial));
  }
  useEffect(() => {
    try {
      globalThis.sessionStorage?.setItem(key, JSON.stringify(value));
    } catch {
      /* storage full or unavailable: the state still lives in memory */
    }
  }, [key, value]);
  const clear = useCallback(() => {
    try {
      globalThis.sessionStorage?.removeItem(key);
    } catch {
      /* unavailable */
    }
  }, [key]);
  return [value, setValue, clear];
}
