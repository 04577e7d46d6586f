import { emptyOrderForm, LOCAL_PART, type OrderFormData, orderFormProblems, requestedDomain, selectedAddOns } from './order-form';

const filled = (changes: Partial<OrderFormData> = {}): OrderFormData => ({
  ...emptyOrderForm(),
  siteName: 'Boulangerie Martin',
  currentEmail: 'martin@example.com',
  about: 'Boulangerie artisanale au cœur de Lyon, pains au levain.',
  services: ['Pains au levain'],
  ...changes,
});

/** The server's rules of the order form (what is checked before payment), without a database. */
describe('order form rules', () => {
  it('finds nothing wrong in a complete form', () => {
    expect(orderFormProblems(filled(), false)).toEqual({});
  });

  it('asks for step 1 always, with the spec’s messages', () => {
    expect(orderFormProblems(filled({ siteName: '  ', currentEmail: '' }), true)).toEqual({
      'data.siteName': 'Le nom du site est requis.',
      'data.currentEmail': "L'email est requis.",
    });
    expect(orderFormProblems(filled({ currentEmail: 'pas-un-email' }), true)).toEqual({ 'data.currentEmail': "Format d'email invalide." });
    expect(orderFormProblems(filled({ phone: '06 12' }), true)).toEqual({ 'data.phone': 'Numéro trop court.' });
    expect(orderFormProblems(filled({ domainName: 'mon site!' }), true)).toEqual({ 'data.domainName': 'Nom de domaine invalide.' });
    // The wizard's Continue needs two characters: a draft sent past it by hand is refused the same way.
    expect(orderFormProblems(filled({ siteName: ' B ' }), true)).toEqual({
      'data.siteName': 'Le nom du site doit contenir au moins 2 caractères.',
    });
  });

  it('asks for steps 2 and 3 unless the buyer books a call instead', () => {
    const sparse = filled({ about: 'Trop court', services: ['', ' '], socialLinks: ['https://instagram.com/x', 'javascript:alert(1)'] });
    expect(orderFormProblems(sparse, false)).toEqual({
      'data.about': 'Décrivez au moins 30 caractères.',
      'data.services': 'Ajoutez au moins un service.',
      'data.socialLinks': 'Lien n°2 invalide.',
    });
    expect(orderFormProblems(sparse, null)).toHaveProperty(['data.about']);
    expect(orderFormProblems(sparse, true)).toEqual({});
  });

  it('reads the requested domain: none, a name with the chosen extension, or one typed with its own', () => {
    expect(requestedDomain(filled({ domainName: '' }))).toBeNull();
    expect(requestedDomain(filled({ domainName: 'Boulangerie-Martin', domainTld: '.fr' }))).toBe('boulangerie-martin.fr');
    expect(requestedDomain(filled({ domainName: 'https://www.martin.com/accueil', domainTld: '.fr' }))).toBe('martin.com');
  });

  it('selects the paid add-ons, each extra e-mail once', () => {
    expect(
      selectedAddOns(filled({ logoOption: 'create', includeGoogleBusiness: true, extraEmails: ['Contact', 'contact ', '', 'devis'] })),
    ).toEqual({
      logo: true,
      googleBusiness: true,
      trustpilot: false,
      extraEmails: ['contact', 'devis'],
    });
    expect(selectedAddOns(filled({ logoOption: 'have' })).logo).toBe(false);
  });

  it('takes e-mail local parts the mailbox can have', () => {
    expect(['bonjour', 'j.martin', 'devis-2026', 'a'].every((p) => LOCAL_PART.test(p))).toBe(true);
    expect(['', '.bonjour', 'bonjour.', 'Bonjour', 'bon jour', 'a@b'].some((p) => LOCAL_PART.test(p))).toBe(false);
  });
});
