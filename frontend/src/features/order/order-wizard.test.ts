import { formatFileSize } from '../../lib/format';
import {
  billingErrors,
  canContinue,
  checkPhotoFiles,
  computeRecap,
  defaultOrderValues,
  emptyBilling,
  nextStep,
  planFromQuery,
  previousStep,
  reachableStep,
  stepAnnouncement,
  stepErrors,
  wizardReducer,
  type OrderFormValues,
  type PriceCatalogue,
  type WizardState,
} from './order-wizard';

const valid = (overrides: Partial<OrderFormValues> = {}): OrderFormValues => ({
  ...defaultOrderValues('pro'),
  siteName: 'Boulangerie Martin',
  currentEmail: 'claire@example.com',
  about: 'Boulangerie artisanale au cœur de Lyon depuis 1990.',
  services: [{ value: 'Pain au levain' }],
  ...overrides,
});

describe('wizard transitions (spec §4)', () => {
  const at = (step: WizardState['step'], prefersCall: boolean | null = null): WizardState => ({ step, prefersCall });

  it('goes 1 → 1.5 → (form) 2 → 3 → 4', () => {
    let state = at('1');
    state = wizardReducer(state, { type: 'continue' });
    expect(state).toEqual(at('1.5'));
    // 1.5 has no Continue: the choice must be made.
    expect(wizardReducer(state, { type: 'continue' })).toBe(state);
    state = wizardReducer(state, { type: 'choose', prefersCall: false });
    expect(state).toEqual(at('2', false));
    state = wizardReducer(state, { type: 'continue' });
    expect(state).toEqual(at('3', false));
    state = wizardReducer(state, { type: 'continue' });
    expect(state).toEqual(at('4', false));
    expect(wizardReducer(state, { type: 'continue' })).toBe(state);
  });

  it("'Réserver un appel' goes from 1.5 straight to 4, and 4 goes back to 1.5", () => {
    const state = wizardReducer(at('1.5'), { type: 'choose', prefersCall: true });
    expect(state).toEqual(at('4', true));
    expect(wizardReducer(state, { type: 'back' })).toEqual(at('1.5', true));
  });

  it('goes back 4 → 3 → 2 → 1.5 → 1 on the form path, and not before 1', () => {
    let state = at('4', false);
    const trail: string[] = [];
    for (let i = 0; i < 5; i++) {
      state = wizardReducer(state, { type: 'back' });
      trail.push(state.step);
    }
    expect(trail).toEqual(['3', '2', '1.5', '1', '1']);
  });

  it('ignores a choice outside 1.5; a new choice on 1.5 replaces the previous one', () => {
    expect(wizardReducer(at('2', false), { type: 'choose', prefersCall: true })).toEqual(at('2', false));
    expect(wizardReducer(at('1.5', true), { type: 'choose', prefersCall: false })).toEqual(at('2', false));
  });

  it('resumes a saved step, but not past 1.5 without a choice, and not on 2 or 3 after choosing the call', () => {
    expect(wizardReducer(at('1'), { type: 'resume', step: '3', prefersCall: false })).toEqual(at('3', false));
    expect(wizardReducer(at('1'), { type: 'resume', step: '4', prefersCall: null })).toEqual(at('1.5'));
    expect(wizardReducer(at('1'), { type: 'resume', step: '2', prefersCall: true })).toEqual(at('4', true));
    expect(wizardReducer(at('1'), { type: 'resume', step: '1', prefersCall: null })).toEqual(at('1'));
  });

  it('knows next and previous steps', () => {
    expect(nextStep('1')).toBe('1.5');
    expect(nextStep('1.5')).toBeNull();
    expect(previousStep('1', null)).toBeNull();
    expect(previousStep('4', null)).toBe('3');
  });

  it('announces each step with its number out of 4', () => {
    expect(stepAnnouncement('1')).toBe('Étape 1 sur 4 : Informations générales');
    expect(stepAnnouncement('1.5')).toBe('Étape 1 sur 4 : Comment souhaitez-vous continuer ?');
    expect(stepAnnouncement('2')).toBe('Étape 2 sur 4 : Contenu de votre site');
    expect(stepAnnouncement('3')).toBe('Étape 3 sur 4 : Design et options');
    expect(stepAnnouncement('4')).toBe('Étape 4 sur 4 : Validation et paiement');
  });
});

describe('the plan in the URL', () => {
  it('business turns the business toggle on, basic is Pro', () => {
    expect(planFromQuery('business')).toBe('business');
    expect(planFromQuery('basic')).toBe('pro');
    expect(planFromQuery('pro')).toBe('pro');
    expect(planFromQuery(null)).toBeNull();
    expect(planFromQuery('teams')).toBeNull();
    expect(defaultOrderValues('business').planType).toBe('business');
    expect(defaultOrderValues('pro').planType).toBe('pro');
  });

  it('has the spec defaults', () => {
    const values = defaultOrderValues();
    expect(values).toMatchObject({
      domainChoice: 'existing',
      domainTld: '.fr',
      displayEmailChoice: 'pro',
      proEmailLocalPart: 'contact',
      logoOption: 'none',
    });
    expect(values.services).toEqual([{ value: '' }]);
    expect(values.socialLinks).toEqual([{ value: '' }]);
  });
});

describe('step 1 rules (spec §5)', () => {
  it('needs the site name and a valid e-mail', () => {
    expect(stepErrors('1', defaultOrderValues())).toEqual({ siteName: 'Le nom du site est requis.', currentEmail: "L'email est requis." });
    expect(stepErrors('1', valid({ siteName: '   ' })).siteName).toBe('Le nom du site est requis.');
    expect(stepErrors('1', valid({ currentEmail: 'claire@' })).currentEmail).toBe("Format d'email invalide.");
    expect(stepErrors('1', valid({ currentEmail: 'claire @example.com' })).currentEmail).toBe("Format d'email invalide.");
    expect(stepErrors('1', valid())).toEqual({});
  });

  it('keeps Continue disabled until the site name is longer than 1 character', () => {
    expect(canContinue('1', valid({ siteName: 'A' }))).toBe(false);
    expect(stepErrors('1', valid({ siteName: 'A' })).siteName).toBe('Le nom du site doit contenir au moins 2 caractères.');
    expect(canContinue('1', valid({ siteName: 'AB' }))).toBe(true);
  });

  it('takes an optional phone with at least 9 digits', () => {
    expect(stepErrors('1', valid({ phone: '' })).phone).toBeUndefined();
    expect(stepErrors('1', valid({ phone: '06 12 34' })).phone).toBe('Numéro trop court.');
    expect(stepErrors('1', valid({ phone: '06 12 34 56 7' })).phone).toBeUndefined();
    expect(stepErrors('1', valid({ phone: '+33 6 12 34 56 78' })).phone).toBeUndefined();
  });
});

describe('step 2 rules (spec §5)', () => {
  it('needs at least 30 characters about the business', () => {
    expect(stepErrors('2', valid({ about: 'Trop court.' })).about).toBe('Décrivez au moins 30 caractères.');
    expect(stepErrors('2', valid({ about: `${'x'.repeat(29)}   ` })).about).toBe('Décrivez au moins 30 caractères.');
    expect(stepErrors('2', valid({ about: 'x'.repeat(30) })).about).toBeUndefined();
  });

  it('needs at least one non-empty service', () => {
    expect(stepErrors('2', valid({ services: [{ value: '' }, { value: '  ' }] })).services).toBe('Ajoutez au moins un service.');
    expect(stepErrors('2', valid({ services: [{ value: '' }, { value: 'Traiteur' }] })).services).toBeUndefined();
  });

  it('numbers the invalid social links from 1; empty ones are fine; only http and https', () => {
    const errors = stepErrors(
      '2',
      valid({
        socialLinks: [
          { value: 'https://instagram.com/martin' },
          { value: '' },
          { value: 'facebook.com/martin' },
          { value: 'ftp://x.fr' },
          { value: 'http://x.fr' },
        ],
      }),
    );
    expect(errors).toEqual({ 'socialLinks.2.value': 'Lien n°3 invalide.', 'socialLinks.3.value': 'Lien n°4 invalide.' });
    expect(canContinue('2', valid({ socialLinks: [{ value: 'javascript:alert(1)' }] }))).toBe(false);
    expect(canContinue('2', valid())).toBe(true);
  });
});

describe('step 3 rules', () => {
  it('accepts any choice; extra addresses are local parts', () => {
    expect(canContinue('3', valid())).toBe(true);
    expect(stepErrors('3', valid({ extraEmails: [{ value: 'devis' }, { value: 'a b' }] }))).toEqual({
      'extraEmails.1.value': 'Adresse e-mail supplémentaire invalide.',
    });
  });
});

describe('billing rules (spec §5)', () => {
  it('has one message per field; the phone is optional', () => {
    expect(billingErrors(emptyBilling())).toEqual({
      fullName: 'Le nom complet est requis.',
      email: "L'email est requis.",
      address: "L'adresse est requise.",
      city: 'La ville est requise.',
      postalCode: 'Le code postal est requis.',
    });
    expect(
      billingErrors({
        ...emptyBilling(),
        fullName: 'Claire Martin',
        email: 'claire@',
        phone: '',
        address: '1 rue de la Paix',
        city: 'Lyon',
        postalCode: '69001',
      }),
    ).toEqual({
      email: "Format d'email invalide.",
    });
  });

  it("a company needs its name; its SIREN and VAT number are optional (the server checks their keys); an individual's are ignored", () => {
    const valid = {
      ...emptyBilling(),
      fullName: 'Claire Martin',
      email: 'claire@example.com',
      address: '1 rue de la Paix',
      city: 'Lyon',
      postalCode: '69001',
    };
    expect(billingErrors({ ...valid, buyerType: 'company' })).toEqual({ companyName: "Le nom de l'entreprise est requis." });
    expect(billingErrors({ ...valid, buyerType: 'company', companyName: 'Martin SARL' })).toEqual({});
    expect(billingErrors({ ...valid, buyerType: 'individual', companyName: '', siren: 'x' })).toEqual({});
  });
});

describe('photo checks (spec §9)', () => {
  const file = (name: string, size: number, type: string) => ({ name, size, type });
  const MB = 1024 * 1024;

  it('accepts JPG and PNG up to 5 MB and refuses the rest with a French message', () => {
    const { accepted, rejected } = checkPhotoFiles(
      [
        file('a.jpg', MB, 'image/jpeg'),
        file('b.png', 5 * MB, 'image/png'),
        file('c.gif', 10, 'image/gif'),
        file('d.jpg', 5 * MB + 1, 'image/jpeg'),
        file('e.exe', 10, 'application/x-msdownload'),
      ],
      0,
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg', 'b.png']);
    expect(rejected).toEqual([
      "« c.gif » n'est pas une image JPG ou PNG.",
      '« d.jpg » dépasse 5 Mo.',
      "« e.exe » n'est pas une image JPG ou PNG.",
    ]);
  });

  it('stops at 10 photos in all', () => {
    const files = [file('9.jpg', 10, 'image/jpeg'), file('10.png', 10, 'image/png'), file('11.jpg', 10, 'image/jpeg')];
    const { accepted, rejected } = checkPhotoFiles(files, 8);
    expect(accepted.map((f) => f.name)).toEqual(['9.jpg', '10.png']);
    expect(rejected).toEqual(["10 photos au maximum : « 11.jpg » n'a pas été ajoutée."]);
  });

  it('falls back on the extension when the browser gives no type', () => {
    expect(checkPhotoFiles([file('photo.JPEG', 10, '')], 0).accepted).toHaveLength(1);
    expect(checkPhotoFiles([file('photo.webp', 10, '')], 0).rejected).toHaveLength(1);
  });

  it('formats sizes in French', () => {
    expect(formatFileSize(340 * 1024)).toBe('340 Ko');
    expect(formatFileSize(2.4 * MB)).toBe('2,4 Mo');
  });
});

describe('price recap (spec §9)', () => {
  const catalogue: PriceCatalogue = {
    plans: [
      { id: 'pro', name: 'Pro', monthlyPriceCents: 2900 },
      { id: 'business', name: 'Business', monthlyPriceCents: 5900 },
      { id: 'teams', name: 'Teams', monthlyPriceCents: null },
    ],
    addOns: [
      { id: 'logo', name: 'Création de logo', priceCents: 1500, billing: 'one_time' },
      { id: 'googleBusiness', name: 'Fiche Google Business', priceCents: 1000, billing: 'monthly' },
      { id: 'trustpilot', name: 'Profil Trustpilot', priceCents: 1000, billing: 'monthly' },
      { id: 'extraEmail', name: 'Adresse e-mail professionnelle supplémentaire', priceCents: 100, billing: 'monthly' },
    ],
  };

  it('is the plan alone when nothing is added', () => {
    expect(computeRecap(catalogue, valid())).toEqual({
      lines: [{ code: 'pro', label: 'Formule Pro', quantity: 1, amountCents: 2900, recurring: true }],
      firstMonthCents: 2900,
      monthlyCents: 2900,
    });
  });

  it('adds the logo to the first month only, options and e-mails every month', () => {
    const recap = computeRecap(
      catalogue,
      valid({
        planType: 'business',
        logoOption: 'create',
        includeGoogleBusiness: true,
        includeTrustpilot: true,
        extraEmails: [{ value: 'devis' }, { value: 'Devis ' }, { value: '' }, { value: 'compta' }],
      }),
    );
    expect(recap?.lines.map((l) => [l.code, l.quantity, l.amountCents])).toEqual([
      ['business', 1, 5900],
      ['logo', 1, 1500],
      ['googleBusiness', 1, 1000],
      ['trustpilot', 1, 1000],
      ['extraEmail', 2, 200],
    ]);
    expect(recap?.firstMonthCents).toBe(5900 + 1500 + 1000 + 1000 + 200);
    expect(recap?.monthlyCents).toBe(5900 + 1000 + 1000 + 200);
  });

  it("counts no logo for 'have' or 'none'", () => {
    expect(computeRecap(catalogue, valid({ logoOption: 'have' }))?.firstMonthCents).toBe(2900);
    expect(computeRecap(catalogue, valid({ logoOption: 'none', includeTrustpilot: true }))?.firstMonthCents).toBe(3900);
  });

  it('answers null while the catalogue lacks a price', () => {
    expect(computeRecap({ plans: [], addOns: [] }, valid())).toBeNull();
    expect(computeRecap({ plans: catalogue.plans, addOns: [] }, valid({ includeTrustpilot: true }))).toBeNull();
  });
});

describe('reachableStep (what a URL may show)', () => {
  const empty = defaultOrderValues('pro');
  const step1Only = { ...empty, siteName: 'Boulangerie Martin', currentEmail: 'claire@example.com' };

  it('stops at the first step whose answers are missing', () => {
    expect(reachableStep('4', false, empty)).toBe('1');
    expect(reachableStep('3', false, step1Only)).toBe('2');
    expect(reachableStep('4', false, valid())).toBe('4');
    expect(reachableStep('3', false, valid())).toBe('3');
  });

  it('never goes beyond 1.5 before the choice, nor to the form steps after choosing the call', () => {
    expect(reachableStep('2', null, valid())).toBe('1.5');
    expect(reachableStep('2', true, step1Only)).toBe('4');
    expect(reachableStep('1.5', true, step1Only)).toBe('1.5');
    expect(reachableStep('1', true, valid())).toBe('1');
  });
});
