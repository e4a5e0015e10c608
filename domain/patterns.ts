// Every pattern the shared schemas test user input with, in one place so that one unit test can prove
// each of them linear (tests/unit/regexSafety.test.ts runs them through recheck). Each one is written so
// that a string has at most one way to match it: no pattern backtracks more than linearly.
// See docs/security-dos.md.

/** Letters (accents included), spaces and hyphens. */
export const NAME = /^[\p{L}\s-]+$/u;
/**
 * something@something.tld, no spaces: the domain holds a dot after its first character and before its
 * last. Written with the domain's first dot fixed (after its first character) so that it is linear; the
 * textbook `[^\s@]+\.[^\s@]+` is quadratic on "a@" + "."×N + "@".
 */
export const MAIL = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
/** A French mobile or telephone number: 10 digits. */
export const TEN_DIGITS = /^\d{10}$/;
export const POSTAL_CODE = /^\d{5}$/;
/** An optional field's value: empty, or what the field's pattern says (a pattern the API document can state). */
export const OPTIONAL_POSTAL_CODE = /^(?:\d{5})?$/;
export const OPTIONAL_TEN_DIGITS = /^(?:\d{10})?$/;
export const SIRET_DIGITS = /^\d{14}$/;
/** A SIRET as typed: 14 digits, spaces allowed around and between them. */
export const SIRET_INPUT = /^\s*(?:\d\s*){14}$/;
/** A database id sent as text (multipart fields, query strings). */
export const ID_DIGITS = /^\d{1,9}$/;
/** A price once spaces and the euro sign are removed and the comma made a dot: 12, 12.5, 12.50. */
export const PRICE = /^\d+(\.\d{1,2})?$/;
/** A colour as #RRGGBB. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
/** What a password must contain (each tested alone, on a length-checked value). */
export const UPPERCASE = /[A-Z]/;
export const DIGIT = /\d/;
export const PASSWORD_SPECIAL = /[!@#$%^&*(),.?":{}|<>]/;
/**
 * A frame origin as typed: https://, then a host and an optional port, an optional final slash. Nothing a
 * CSP source list would read as another directive or source (`;`, `,`, quotes, spaces), no wildcard, path,
 * query or credentials: docs/viewer.md, "Frame origins".
 */
export const FRAME_ORIGIN_INPUT = /^https:\/\/[^\s/?#;,*'"\\@]+\/?$/i;
/** One label of a host name once in ASCII (punycode included): letters and digits, inner hyphens (length apart). */
export const DNS_LABEL = /^[a-z0-9]+(?:-+[a-z0-9]+)*$/;
/** A top-level domain: letters, or an IDN one in punycode. */
export const TOP_LEVEL_DOMAIN = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
