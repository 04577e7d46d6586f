import { csvAmount, csvCell, csvDateTime, csvLine } from './csv';

describe('CSV for French Excel', () => {
  it('quotes fields holding the separator, quotes, line breaks or edge spaces, doubling the quotes', () => {
    expect(csvCell('Boulangerie Martin')).toBe('Boulangerie Martin');
    expect(csvCell('Martin; fils')).toBe('"Martin; fils"');
    expect(csvCell('Le "Fournil"')).toBe('"Le ""Fournil"""');
    expect(csvCell('ligne 1\nligne 2')).toBe('"ligne 1\nligne 2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell(' espace')).toBe('" espace"');
    expect(csvCell('Crêperie Éloïse')).toBe('Crêperie Éloïse');
  });

  it('writes empty cells for missing values, numbers as they are', () => {
    expect(csvLine([null, undefined, 42, '', '29,00'])).toBe(';;42;;29,00\r\n');
    expect(csvCell(-5)).toBe('-5');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+33 6 12')).toBe("'+33 6 12");
    expect(csvCell('-moins')).toBe("'-moins");
    expect(csvCell('@somme')).toBe("'@somme");
    // A negative amount (a credit note's in the sales journal) stays a number; anything more after the minus does not.
    expect(csvCell('-29,00')).toBe('-29,00');
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('-2,5;x')).toBe('"\'-2,5;x"');
  });

  it('writes amounts with a decimal comma and dates in Paris time', () => {
    expect(csvAmount(2900)).toBe('29,00');
    expect(csvAmount(123456789)).toBe('1234567,89');
    expect(csvDateTime(new Date('2026-07-14T08:05:00Z'))).toBe('14/07/2026 10:05');
    expect(csvDateTime(new Date('2026-01-02T23:30:00Z'))).toBe('03/01/2026 00:30');
  });
});
