import { isWeakDevice, particleCounts } from './particle-counts';

describe('particleCounts', () => {
  it('draws 80/40/20 on a wide screen', () => {
    expect(particleCounts(1280, false)).toEqual({ dots: 80, glows: 40, rings: 20 });
    expect(particleCounts(768, false)).toEqual({ dots: 80, glows: 40, rings: 20 });
  });

  it('draws 30/15/8 under 768 px', () => {
    expect(particleCounts(767, false)).toEqual({ dots: 30, glows: 15, rings: 8 });
    expect(particleCounts(480, false)).toEqual({ dots: 30, glows: 15, rings: 8 });
  });

  it('draws 15/8/3 under 480 px', () => {
    expect(particleCounts(479, false)).toEqual({ dots: 15, glows: 8, rings: 3 });
    expect(particleCounts(390, false)).toEqual({ dots: 15, glows: 8, rings: 3 });
  });

  it('draws 15/8/3 on a weak device whatever the width', () => {
    expect(particleCounts(1920, true)).toEqual({ dots: 15, glows: 8, rings: 3 });
    expect(particleCounts(600, true)).toEqual({ dots: 15, glows: 8, rings: 3 });
  });
});

describe('isWeakDevice', () => {
  it('flags two cores or less, 2 GB or less, and the data saver', () => {
    expect(isWeakDevice({ hardwareConcurrency: 2 })).toBe(true);
    expect(isWeakDevice({ hardwareConcurrency: 8, deviceMemory: 1 })).toBe(true);
    expect(isWeakDevice({ hardwareConcurrency: 8, connection: { saveData: true } })).toBe(true);
  });

  it('leaves a capable or unknown device alone', () => {
    expect(isWeakDevice({ hardwareConcurrency: 8, deviceMemory: 8 })).toBe(false);
    expect(isWeakDevice({})).toBe(false);
  });
});
