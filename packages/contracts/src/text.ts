/**
 * PostgreSQL `text` cannot hold U+0000: a NUL in a value that reaches a query fails it, which
 * would answer 500. Free-text fields refuse it up front, as a field error.
 */
export const hasNoNul = (value: string) => !value.includes('\u0000');

export const NO_NUL_MESSAGE = 'Remove the NUL character';
