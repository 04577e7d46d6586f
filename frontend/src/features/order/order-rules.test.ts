// The wizard and the server must never disagree on the order form: same messages, limits and amounts. Both read the
// rules from @vitrine/domain; these tests fail when the wizard's checks or recap drift from what the server decides
// before payment.
import { ADD_ONS, computeRecap as serverRecap, PLANS } from '@vitrine/domain';
import { emptyOrderForm, orderFormProblems, selectedAddOns } from '../../../../backend/src/orders/order-form';
import { formForApi } from './draft-model';
import { computeRecap, defaultOrderValues, stepErrors, type OrderFormValues } from './order-wizard';

const catalogue = { plans: PLANS, addOns: ADD_ONS };

describe('the order rules shared with the server', () => {
  it('start a new order with the same answers on both sides', () => {
    expect(formForApi(defaultOrderValues('pro'))).toEqual(emptyOrderForm());
  });
});

describe('what the wizard refuses is what the server refuses before payment, with the same message', () => {
  const filled = (overrides: Partial<OrderFormValues> = {}): OrderFormValues => ({
    ...defaultOrderValues('pro'),
    siteName: 'Boulangerie Martin',
    currentEmail: 'claire@example.com',
    about: 'Boulangerie artisanale au cœur de Lyon depuis 1990.',
    services: [{ value: 'Pain au levain' }],
    ...overrides,
  });
  /** The wizard's messages over steps 1 to 3, keyed as the server keys them (`data.field`). */
  const wizardProblems = (values: OrderFormValues): Record<string, string> => {
    const problems: Record<string, string> = {};
    for (const step of ['1', '2', '3'] as const) {
      for (const [path, message] of Object.entries(stepErrors(step, values))) {
        const field = path.split('.')[0];
        problems[`data.${field}`] ??= message!;
      }
    }
    return problems;
  };
  const cases: Array<[string, Partial<OrderFormValues>]> = [
    ['a complete form', {}],
    ['no site name', { siteName: '  ' }],
    ['a one-letter site name', { siteName: 'B' }],
    ['no e-mail', { currentEmail: '' }],
    ['a malformed e-mail', { currentEmail: 'claire@' }],
    ['a short phone number', { phone: '06 12' }],
    ['a phone number with 9 digits', { phone: '+33 6 12 34 56' }],
    ['a short description', { about: 'Trop court.' }],
    ['no service', { services: [{ value: ' ' }] }],
    [
      'a second link that is not a web address',
      { socialLinks: [{ value: 'https://facebook.com/martin' }, { value: 'javascript:alert(1)' }] },
    ],
    ['a link without a host', { socialLinks: [{ value: 'https://' }] }],
  ];

  it.each(cases)('%s', (_name, overrides) => {
    const values = filled(overrides);
    expect(wizardProblems(values)).toEqual(orderFormProblems(formForApi(values), false));
  });
});

describe('the recap the wizard shows is the amount the server charges', () => {
  const combinations = [true, false].flatMap((business) =>
    (['none', 'have', 'create'] as const).flatMap((logoOption) =>
      [true, false].flatMap((includeGoogleBusiness) =>
        [true, false].flatMap((includeTrustpilot) =>
          [[], ['devis'], ['devis', 'DEVIS ', 'compta', '']].map((emails) => ({
            ...defaultOrderValues(business ? 'business' : 'pro'),
            logoOption,
            includeGoogleBusiness,
            includeTrustpilot,
            extraEmails: emails.map((value) => ({ value })),
          })),
        ),
      ),
    ),
  );

  it(`for every one of the ${combinations.length} combinations of plan and add-ons`, () => {
    for (const values of combinations) {
      const { extraEmails, ...options } = selectedAddOns(formForApi(values));
      const charged = serverRecap({
        planType: values.planType,
        ...options,
        extraEmailCount: extraEmails.length,
      });
      expect(computeRecap(catalogue, values)).toEqual(charged);
    }
  });
});
