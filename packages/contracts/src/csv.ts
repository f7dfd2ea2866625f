/**
 * CSV as the API's and the web app's exports write it. Imported as `@hackclass/contracts/csv`,
 * apart from the schemas, so a page that writes CSV does not load Zod for it.
 */

export type CsvValue = string | number | null | undefined;

/**
 * Text a spreadsheet would run as a formula (OWASP, CSV injection): such a cell gets a leading
 * apostrophe, which spreadsheets show as text and do not evaluate.
 */
const formulaStart = /^[=+\-@\t\r]/;
/**
 * Quoted when it holds a separator a spreadsheet might split on: the comma of RFC 4180, and the
 * semicolon and tab that locales using the decimal comma take instead, so a name never spills
 * into the next cell (where a leading `=` would no longer be neutralised).
 */
const needsQuotes = /[",;\t\r\n]|^\s|\s$/;

/** One field, per RFC 4180: quoted when it holds a quote, separator or line break; quotes doubled. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows to CSV text: CRLF between records (RFC 4180), a header row first if given. */
export const toCsv = (rows: readonly (readonly CsvValue[])[]): string =>
  rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
