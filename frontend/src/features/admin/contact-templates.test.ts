import { CONTACT_TEMPLATES, contactTemplate, siteForMessage } from './contact-templates';

const client = { name: 'Jeanne Martin', email: 'jeanne@martin.fr' };

describe('contact templates', () => {
  it('greets the client by name in every template, and signs with the agency', () => {
    for (const template of CONTACT_TEMPLATES) {
      const { message } = contactTemplate(template, { client, site: null, agencyName: 'Vitrine' });
      expect(message.startsWith('Bonjour Jeanne Martin,\n\n')).toBe(true);
      expect(message.endsWith("À très bientôt,\nL'équipe Vitrine")).toBe(true);
    }
  });

  it('greets by e-mail when the account has no name', () => {
    expect(contactTemplate('welcome', { client: { name: '  ', email: 'jeanne@martin.fr' }, agencyName: 'Vitrine' }).message).toMatch(
      /^Bonjour jeanne@martin\.fr,/,
    );
  });

  it('site ready: names the site and its address in the subject and body', () => {
    const mail = contactTemplate('site-ready', {
      client,
      site: { siteName: 'Boulangerie Martin', domain: 'boulangerie-martin.fr' },
      agencyName: 'Vitrine',
    });
    expect(mail.subject).toBe('Votre site Boulangerie Martin est en ligne !');
    expect(mail.message).toContain(
      "Bonne nouvelle : votre site Boulangerie Martin est prêt et en ligne à l'adresse boulangerie-martin.fr.",
    );
    const noDomain = contactTemplate('site-ready', {
      client,
      site: { siteName: 'Boulangerie Martin', domain: null },
      agencyName: 'Vitrine',
    });
    expect(noDomain.message).toContain('votre site Boulangerie Martin est prêt et en ligne.');
    expect(contactTemplate('site-ready', { client, site: null, agencyName: 'Vitrine' }).subject).toBe('Votre site est en ligne !');
  });

  it('welcome: a French welcome subject; custom: no subject, a greeting to complete', () => {
    expect(contactTemplate('welcome', { client, agencyName: 'Vitrine' }).subject).toBe('Bienvenue chez Vitrine !');
    expect(contactTemplate('custom', { client, agencyName: 'Vitrine' })).toEqual({
      subject: '',
      message: "Bonjour Jeanne Martin,\n\n\n\nÀ très bientôt,\nL'équipe Vitrine",
    });
  });

  it('writes about the first active site, else the newest one', () => {
    expect(
      siteForMessage([
        { id: 'a', status: 'pending' },
        { id: 'b', status: 'active' },
      ])?.id,
    ).toBe('b');
    expect(
      siteForMessage([
        { id: 'a', status: 'pending' },
        { id: 'b', status: 'suspended' },
      ])?.id,
    ).toBe('a');
    expect(siteForMessage([])).toBeNull();
  });
});
