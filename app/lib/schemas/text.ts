/**
 * What every text field refuses, wherever it is parsed (forms, JSON, query strings): the C0
 * control characters other than tab, line feed and carriage return, DEL, the C1 controls, and
 * lone UTF-16 surrogates. PostgreSQL cannot store NUL at all; the others are invisible, never
 * typed by a person, and would travel on into e-mails, logs and other people's screens.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** True when the text holds nothing a field refuses (see above). */
export function isStorableText(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value) && value.isWellFormed();
}

/** A one-line field's value: runs of white space (tabs and line breaks from a paste) become one space. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, " ");
}
