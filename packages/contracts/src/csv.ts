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

/**
 * Rows of CSV as people paste or export it: RFC 4180 quoting (a quoted field may hold
 * separators, line breaks and doubled quotes), with the comma, the semicolon and the tab all
 * taken as separators since spreadsheets in other locales write the latter two. Records end at
 * CRLF, LF or CR; each row keeps the 1-based line it starts on.
 */
export function readCsv(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push({ line: rowLine, cells });
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line++;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === ',' || char === ';' || char === '\t') endCell();
    else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}
