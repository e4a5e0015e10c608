// The embedding page's source as the viewer sends it (domain/visitSignals.ts): a module of its own, so that the
// viewer's bundle shares no chunk with the back-office's (the viewer's request budget, tests/e2e/firstLoad.test.ts).

/**
 * A host name as the viewer reads it from its frame's referrer (URL.hostname, lower case, punycode): labels
 * of letters, digits and hyphens separated by dots (an IP v4 address fits; an IP v6 literal does not and is
 * not sent). The dot that opens each further label keeps one way to match.
 */
export const SOURCE_HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/;
/** A utm parameter's value: printable text only (no control, format or unassigned character). */
export const PRINTABLE_TEXT = /^[^\p{C}]+$/u;
