import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, importColumns } from '../../domain/do-not-call-csv';
import { parseDoNotCallNumber, withoutFormulaGuard } from '../../domain/do-not-call-numbers';

/** The export's cells and the import's columns, without I/O. Expected strings are written out by hand. */

describe('an exported cell', () => {
  it('starts with an apostrophe when a spreadsheet would read it as a formula', () => {
    expect(csvCell('+14155550123')).toBe("'+14155550123");
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell("it's")).toBe("it's");
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
  });

  it('is quoted when it holds a comma, a quote or a line break', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "no"')).toBe('"say ""no"""');
    expect(csvCell('=HYPERLINK("u")')).toBe('"\'=HYPERLINK(""u"")"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvLine(['+1', null, 'api'])).toBe("'+1,,api\r\n");
  });

  it('reads back without its guard, and only a guard before a formula character is taken off', () => {
    expect(withoutFormulaGuard("'+14155550123")).toBe('+14155550123');
    expect(withoutFormulaGuard("'=x")).toBe('=x');
    expect(withoutFormulaGuard("'quoted'")).toBe("'quoted'");
    expect(withoutFormulaGuard("'")).toBe("'");
  });
});

describe('a number for the list', () => {
  it('is E.164 like a contact number, national numbers read in the default region', () => {
    expect(parseDoNotCallNumber(' (415) 555-0123 ', 'US')).toEqual({ number: '+14155550123' });
    expect(parseDoNotCallNumber("'+44 20 7946 0958", 'US')).toEqual({ number: '+442079460958' });
    expect(parseDoNotCallNumber('020 7946 0958', 'GB')).toEqual({ number: '+442079460958' });
    expect(parseDoNotCallNumber('415555', 'US')).toEqual({ error: 'invalid_phone_number' });
    expect(parseDoNotCallNumber('', 'US')).toEqual({ error: 'missing_phone_number' });
    expect(parseDoNotCallNumber(`+1${'4'.repeat(70)}`, 'US')).toEqual({ error: 'invalid_phone_number' });
  });
});

describe("an import's columns", () => {
  const isNumber = (cell: string) => 'number' in parseDoNotCallNumber(cell, 'US');
  it('are the phone_number or number column and an optional reason', () => {
    expect(importColumns(['name', ' Phone Number ', 'Reason'], isNumber)).toEqual({
      number: 1,
      reason: 2,
      hasHeader: true,
    });
    expect(importColumns(['reason', 'NUMBER'], isNumber)).toEqual({ number: 1, reason: 0, hasHeader: true });
  });

  it('fall back to the first column, and a first row that is a number is data', () => {
    expect(importColumns(['phone', 'reason'], isNumber)).toEqual({ number: 0, reason: 1, hasHeader: true });
    expect(importColumns(['+14155550123', 'reason'], isNumber)).toEqual({
      number: 0,
      reason: -1,
      hasHeader: false,
    });
  });
});
