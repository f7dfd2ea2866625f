import type { z } from 'zod';
import { hasNoNul, NO_NUL_MESSAGE } from './text';

/** Control characters (C0, so CR and LF, DEL, C1) and the line and paragraph separators. */
const LINE_BREAKING = '\\p{Cc}\\u2028\\u2029';
/**
 * The bidirectional marks, embeddings, overrides and isolates, which make a name read otherwise
 * than it is written (`invoice\u202Efdp.exe` shows as `invoiceexe.pdf`).
 */
const BIDIRECTIONAL = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';

const hiddenCharacter = new RegExp(`[${LINE_BREAKING}${BIDIRECTIONAL}]`, 'u');
const lineBreaks = new RegExp(`\\s*[${LINE_BREAKING}]+\\s*`, 'gu');
const bidirectionalControls = new RegExp(`[${BIDIRECTIONAL}]`, 'gu');

/**
 * A web address as mail clients make a link of it. Pragmatic: a scheme's `://` or a `www.`; bare
 * domains are left alone, as names such as "Node.js" would look like one.
 */
const webAddress = /:\/\/|(?<![\p{L}\p{N}])www\./iu;

export const HIDDEN_CHARACTERS_MESSAGE =
  'Use one line of visible text: remove line breaks and control characters';
export const WEB_ADDRESS_MESSAGE =
  'Remove the web address: names appear in mails, where it would become a link';

/**
 * Why a name (of a classroom, a teacher, a user) cannot be shown to others as it is, or null.
 * Names go into mail subjects and bodies, so one line of visible text and no links.
 */
export function nameProblem(name: string): string | null {
  if (!hasNoNul(name)) return NO_NUL_MESSAGE;
  if (hiddenCharacter.test(name)) return HIDDEN_CHARACTERS_MESSAGE;
  if (webAddress.test(name)) return WEB_ADDRESS_MESSAGE;
  return null;
}

/** `schema` refusing what `nameProblem` names, with its message. */
export const plainName = (schema: z.ZodString) =>
  schema.refine((name) => nameProblem(name) === null, {
    error: (issue) => nameProblem(String(issue.input)) ?? undefined,
  });

/**
 * `name` as one line of visible text, for names saved before they were checked, or checked
 * elsewhere (a Firebase project's display names): control characters and separators become one
 * space, bidirectional controls go.
 */
export const oneLineName = (name: string) =>
  name.replace(bidirectionalControls, '').replace(lineBreaks, ' ').trim();
