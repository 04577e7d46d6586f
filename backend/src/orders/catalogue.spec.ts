import { ADD_ONS, computeRecap, PLANS } from '@vitrine/domain';

describe('catalogue', () => {
  it('holds the spec prices', () => {
    expect(PLANS.map((p) => [p.id, p.monthlyPriceCents])).toEqual([
      ['pro', 2900],
      ['business', 5900],
      ['teams', null],
    ]);
    expect(Object.fromEntries(ADD_ONS.map((a) => [a.id, [a.priceCents, a.billing]]))).toEqual({
      logo: [1500, 'one_time'],
      googleBusiness: [1000, 'monthly'],
      trustpilot: [1000, 'monthly'],
      extraEmail: [100, 'monthly'],
    });
  });

  it('uses unique Stripe lookup keys', () => {
    const keys = [...PLANS.map((p) => p.lookupKey).filter(Boolean), ...ADD_ONS.map((a) => a.lookupKey)];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('computeRecap', () => {
  it('is the plan alone when nothing is added', () => {
    expect(computeRecap({ planType: 'pro', logo: false, googleBusiness: false, trustpilot: false, extraEmailCount: 0 })).toEqual({
      lines: [{ code: 'pro', label: 'Formule Pro', quantity: 1, amountCents: 2900, recurring: true }],
      firstMonthCents: 2900,
      monthlyCents: 2900,
    });
  });

  it('counts the logo in the first month only, options and e-mails every month', () => {
    const recap = computeRecap({ planType: 'business', logo: true, googleBusiness: true, trustpilot: true, extraEmailCount: 2 });
    // 59 + 15 + 10 + 10 + 2 × 1
    expect(recap.firstMonthCents).toBe(9600);
    // 59 + 10 + 10 + 2
    expect(recap.monthlyCents).toBe(8100);
    expect(recap.lines.find((l) => l.code === 'extraEmail')).toEqual({
      code: 'extraEmail',
      label: 'Adresse e-mail professionnelle supplémentaire',
      quantity: 2,
      amountCents: 200,
      recurring: true,
    });
    expect(recap.lines.find((l) => l.code === 'logo')?.recurring).toBe(false);
  });

  it('refuses a plan without a price', () => {
    expect(() =>
      computeRecap({ planType: 'teams' as 'pro', logo: false, googleBusiness: false, trustpilot: false, extraEmailCount: 0 }),
    ).toThrow('Formule sans prix');
  });
});
