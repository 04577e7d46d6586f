import { emptyOrderForm, type OrderFormData } from './order-form';
import { orderAnswers } from './order-summary';

const answersOf = (data: Partial<OrderFormData>) =>
  Object.fromEntries(
    orderAnswers({ planType: 'pro', prefersCall: false, data: { ...emptyOrderForm(), ...data } }).map((a) => [a.label, a.value]),
  );

describe("the order's answers for the team", () => {
  it('show the addresses on the domain the buyer asked for', () => {
    const answers = answersOf({
      domainChoice: 'new',
      domainName: 'boulangerie-martin',
      domainTld: '.fr',
      displayEmailChoice: 'pro',
      proEmailLocalPart: 'bonjour',
      extraEmails: ['commandes', 'devis'],
    });
    expect(answers['Email affiché sur le site']).toBe('Adresse e-mail professionnelle : bonjour@boulangerie-martin.fr');
    expect(answers['Adresses e-mail supplémentaires']).toBe('commandes@boulangerie-martin.fr, devis@boulangerie-martin.fr');
  });

  it("say 'domaine à définir' when the buyer gave no domain, never an invented one", () => {
    const answers = answersOf({ domainName: '', displayEmailChoice: 'pro', proEmailLocalPart: '', extraEmails: ['commandes', 'devis'] });
    expect(answers['Email affiché sur le site']).toBe('Adresse e-mail professionnelle : contact (domaine à définir)');
    expect(answers['Adresses e-mail supplémentaires']).toBe('commandes, devis (domaine à définir)');
    expect(Object.values(answers).join('\n')).not.toMatch(/@domaine|votre-domaine/);
    expect(answersOf({ extraEmails: [] })['Adresses e-mail supplémentaires']).toBe('Non renseigné');
  });
});
