import { useEffect } from 'react';

import { UnexpectedListFormatError } from '#domain/list';

import { notifyError } from './toast';

/** How a list says its load failed. */
export interface ListFailure {
  /** The console's words ("Error fetching …", docs/product.md's messages). */
  log: string;
  /** "Erreur lors de la récupération des …": the toast's, and the panel's before the reason. */
  text: string;
  /** The panel's words where a page says it otherwise. */
  panel?: (err: Error) => string;
}

/** What failed, in short: the toast's words. */
export const loadErrorMessage = (err: Error, what: string) =>
  err instanceof UnexpectedListFormatError ? 'Format de réponse inattendu' : what;

/** What failed and why: the error panel's words (zeros or "nothing yet" would pass for an empty database). */
export const loadErrorText = (err: Error, what: string) =>
  err instanceof UnexpectedListFormatError || !err.message ? loadErrorMessage(err, what) : `${what} : ${err.message}`;

/** Said once per failed load: logged, and as a toast (the sidebar badge reads the same query and says nothing). */
export function useLoadErrorToast(error: Error | null, failure: ListFailure) {
  const { log, text } = failure;
  useEffect(() => {
    if (!error) return;
    console.error(log, error);
    notifyError(loadErrorMessage(error, text));
  }, [error, log, text]);
}
