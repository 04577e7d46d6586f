/**
 * French words, one name per thing (issue 38): the client bar says what the top bar says, the third plan is Teams in
 * every area, the build steps and the prices read the same everywhere, the copyright's year is the current one.
 */
import { PLAN_LABELS, PROGRESSION_STEP_LABELS, SITE_TYPE_LABELS, sitePlanLabel } from '@vitrine/domain';
import { currentYear } from './layout/Footer';
import { clientLinks } from './layout/nav-links';

describe('one name per thing', () => {
  it('names the client bar’s links as the top bar does, without English or capitals mid-phrase', () => {
    expect(clientLinks.map((link) => link.label)).toEqual(['Tableau de bord', 'Mes sites', 'Factures', 'Profil']);
  });

  it('calls the third plan Teams in the client and admin areas, as on the public pages', () => {
    expect(PLAN_LABELS.teams).toBe('Teams');
    expect(SITE_TYPE_LABELS).toEqual({ pro: 'Pro', business: 'Business', custom: 'Teams' });
  });

  it('writes a plan’s price as the rest of the client area does: 29 €/mois', () => {
    expect(sitePlanLabel('pro')).toBe('Pro (29\u00a0€/mois)');
    expect(sitePlanLabel('business')).toBe('Business (59\u00a0€/mois)');
    expect(sitePlanLabel('custom')).toBe('Teams (sur devis)');
  });

  it('names the build steps in French', () => {
    expect(Object.values(PROGRESSION_STEP_LABELS)).toEqual(['Démarré', 'Design OK', 'Développement OK', 'SEO OK', 'Revue technique']);
  });

  it('dates the copyright with the current year in Paris, never a year written in the code', () => {
    expect(currentYear(new Date('2027-06-01T12:00:00Z'))).toBe('2027');
    // 23:30 UTC on 31 December is already the next year in Paris.
    expect(currentYear(new Date('2026-12-31T23:30:00Z'))).toBe('2027');
  });
});
