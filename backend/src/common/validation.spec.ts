import { hasUnsafeCharacters, INVALID_CHARACTERS, MAX_INPUT_DEPTH, scanInput } from './validation';

describe('scanInput: what no field may hold, found without recursion', () => {
  it('finds NUL and unpaired surrogates, and lets well-formed pairs (emoji) and accents through', () => {
    expect(['a\u0000', '\ud800', 'x\udfff', '\udc00\ud800', 'fin\ud83d'].map(hasUnsafeCharacters)).toEqual([true, true, true, true, true]);
    expect(['Crêperie 🥞', '\ud83d\ude00', '', 'ĳ\u200b\uffff'].map(hasUnsafeCharacters)).toEqual([false, false, false, false]);
  });

  it('names each bad field by its path; an item of a list counts for its list; a bad key is named with U+FFFD', () => {
    const { tooDeep, errors } = scanInput({ name: 'ok', billing: { city: 'a\u0000' }, services: ['ok', '\ud800'], ['k\u0000']: 1 });
    expect(tooDeep).toBe(false);
    expect(errors).toEqual({ 'billing.city': INVALID_CHARACTERS, services: INVALID_CHARACTERS, 'k\ufffd': INVALID_CHARACTERS });
    expect(scanInput('a\u0000', 'id').errors).toEqual({ id: INVALID_CHARACTERS });
    expect(scanInput({ name: 'Boulangerie 🥖', n: 3, ok: true, none: null }).errors).toEqual({});
  });

  it(`allows ${MAX_INPUT_DEPTH} levels and refuses one more, however deep the input goes`, () => {
    const nest = (depth: number) => {
      let value: unknown = 'x';
      for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
      return value;
    };
    expect(scanInput(nest(MAX_INPUT_DEPTH)).tooDeep).toBe(false);
    expect(scanInput(nest(MAX_INPUT_DEPTH + 1)).tooDeep).toBe(true);
    expect(scanInput(nest(100_000)).tooDeep).toBe(true);
  });
});
