// Text fields, bounded before anything else: the length check aborts the field's checks when it fails, so
// no pattern ever runs on an over-long value (an adversarial 100 KB string costs one length test), and
// control characters are refused with the field's own message (PostgreSQL refuses NUL in text; the others
// have no business in a name or a mail). See docs/security-dos.md.
import { z } from 'zod';

/** Control characters a multi-line text (a comment, a description) may not hold: tab, LF and CR are kept. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are refused
export const TEXT_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Control characters a one-line text may not hold: every C0 character and DEL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are refused
export const LINE_CONTROL = /[\u0000-\u001F\u007F]/;
// The same rules as whole-value patterns, so that the API document states them: JSON Schema
// has no "must not contain", a pattern anchored on both ends says it.
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are refused
const TEXT_FREE_OF_CONTROL = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are refused
const LINE_FREE_OF_CONTROL = /^[^\u0000-\u001F\u007F]*$/;
/** Something else than white space: a required text, once trimmed, is not empty. */
const NOT_BLANK = /\S/;

export interface TextRule {
  /** Maximum length once trimmed. */
  max: number;
  /** The field's message for a value too long, with a control character or not matching `pattern`. */
  invalid: string;
  /** Message of a missing or blank value; absent: the field may be empty. */
  required?: string;
  /** Checked only once the length is known to be within `max`. */
  pattern?: RegExp;
  /** Tab, LF and CR allowed (free text typed in a text area). */
  multiline?: boolean;
}

/** A trimmed string: required (if asked), at most `max` long (aborting), no control character, the pattern. */
export function boundedText(rule: TextRule) {
  const freeOfControl = rule.multiline ? TEXT_FREE_OF_CONTROL : LINE_FREE_OF_CONTROL;
  let s = z.string({ error: rule.required ?? rule.invalid }).trim();
  if (rule.required) s = s.regex(NOT_BLANK, rule.required);
  s = s.max(rule.max, { error: rule.invalid, abort: true }).regex(freeOfControl, { error: rule.invalid, abort: true });
  return rule.pattern ? s.regex(rule.pattern, rule.invalid) : s;
}

/** An optional text: blank or absent is stored as null. */
export const optionalText = (max: number, invalid: string, multiline = false) =>
  boundedText({ max, invalid, multiline })
    .nullish()
    .transform((v) => (v ? v : null));

/** The generic message of a free text over its limit or holding a control character. */
export const textInvalid = (label: string, max: number) => `${label} invalide (${max} caractères max)`;
