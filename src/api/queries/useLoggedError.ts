import { useEffect } from 'react';

/** Logs a query's failure once (for loads whose failure the screen does not show, e.g. a dropdown's options). */
export function useLoggedError(error: Error | null, message: string): void {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [error, message]);
}
