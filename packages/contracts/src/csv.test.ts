import { describe, expect, it } from 'vitest';
import { csvCell, readCsv, toCsv } from './csv';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('Lovelace, Ada')).toBe('"Lovelace, Ada"');
    expect(csvCell('Ada "the first" L.')).toBe('"Ada ""the first"" L."');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r\nlf')).toBe('"cr\r\nlf"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it('quotes semicolons and tabs, the separators of other locales', () => {
    expect(csvCell('x;=1+1')).toBe('"x;=1+1"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('-1;2')).toBe(`"'-1;2"`);
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('toCsv', () => {
  it('joins fields with commas and records with CRLF', () => {
    expect(
      toCsv([
        ['Rank', 'Name', 'Points'],
        [1, 'Ada, L.', 100],
        [2, '=1+1', 0],
      ]),
    ).toBe('Rank,Name,Points\r\n1,"Ada, L.",100\r\n2,\'=1+1,0');
  });
});

describe('readCsv', () => {
  it('reads quoted cells holding separators, quotes and line breaks', () => {
    expect(readCsv('name,email\r\n"Lovelace, Ada","a""b@x.org"\n"two\nlines";c@x.org')).toEqual([
      { line: 1, cells: ['name', 'email'] },
      { line: 2, cells: ['Lovelace, Ada', 'a"b@x.org'] },
      { line: 3, cells: ['two\nlines', 'c@x.org'] },
    ]);
  });

  it('takes commas, semicolons and tabs alike as separators', () => {
    expect(readCsv('a,b;c\td\re')).toEqual([
      { line: 1, cells: ['a', 'b', 'c', 'd'] },
      { line: 2, cells: ['e'] },
    ]);
  });

  it('reads the cells a writer wrote back as they were', () => {
    const cells = ['Ada, L.', 'said "hi"', 'two\r\nlines', 'plain'];
    expect(readCsv(toCsv([cells]))).toEqual([{ line: 1, cells }]);
  });
});
