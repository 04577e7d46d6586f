import { splitFullName } from './quote-labels';

describe('splitFullName (the spec: nom = every word but the last, or the whole name; prénom = the last word)', () => {
  it('splits on the last word', () => {
    expect(splitFullName('Claire Martin')).toEqual({ lastName: 'Claire', firstName: 'Martin' });
    expect(splitFullName('  Jean-Pierre   de La Fontaine ')).toEqual({ lastName: 'Jean-Pierre de La', firstName: 'Fontaine' });
  });

  it('keeps a one-word name whole as the last name', () => {
    expect(splitFullName('Ana')).toEqual({ lastName: 'Ana', firstName: 'Ana' });
  });
});
