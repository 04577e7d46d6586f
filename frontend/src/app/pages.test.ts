import { adminLinks, adminMoreLinks, clientLinks, publicLinks, visitorLinks } from './layout/nav-links';
import { pageHeadFor, PUBLIC_PAGES } from './seo/page-heads';
import { inSignedInArea, PAGES } from '../config/pages';
import { paths } from '../config/paths';

describe('the page table (config/pages.ts) and what is derived from it', () => {
  it('names one module per lazy page, a file of features/', () => {
    for (const { entry } of PAGES) {
      if (entry.path === '/') continue;
      expect([entry.path, Object.keys(entry.module ?? {})]).toEqual([entry.path, [expect.stringMatching(/^\.\.\/features\/.+\.tsx$/)]]);
    }
  });

  it('gives every page its address, and a builder filling an address’s parameters', () => {
    expect(paths.home).toBe('/');
    expect(paths.legalNotice).toBe('/mentions-legales');
    expect(paths.dashboard.root).toBe('/dashboard');
    expect(paths.admin.duplicatePayments).toBe('/admin/duplicate-payments');
    expect(paths.dashboard.site('a b/c')).toBe('/dashboard/sites/a%20b%2Fc');
    expect(paths.dashboard.siteManage('42')).toBe('/dashboard/sites/42/manage');
    expect(paths.dashboard.siteBusinessOptions('42')).toBe('/dashboard/sites/42/business-options');
    expect(paths.admin.client('7')).toBe('/admin/clients/7');
    expect(paths.features).toEqual({ pathname: '/', hash: '#features' });
  });

  it('places the links in each bar in the table’s order, the areas’ index links matching exactly', () => {
    const labels = (links: { label: string }[]) => links.map((link) => link.label);
    expect(labels(publicLinks)).toEqual(['Accueil', 'Services', 'Prix', 'Portfolio']);
    expect(publicLinks[0]).toEqual({ label: 'Accueil', to: '/', end: true });
    expect(visitorLinks).toEqual([{ label: 'Contact', to: '/contact' }]);
    expect(clientLinks).toEqual([
      { label: 'Tableau de bord', to: '/dashboard', end: true },
      { label: 'Mes sites', to: '/dashboard/sites' },
      { label: 'Factures', to: '/dashboard/invoices' },
      { label: 'Profil', to: '/dashboard/profile' },
    ]);
    expect(labels(adminLinks)).toEqual(['Administration', 'Sites', 'Clients', 'Revenus', 'Devis']);
    expect(adminLinks[0]).toEqual({ label: 'Administration', to: '/admin', end: true });
    expect(labels(adminMoreLinks)).toEqual([
      'Factures et avoirs',
      'Paiements en double',
      'Journal des e-mails',
      "Journal d'audit",
      'Comptes fermés',
      'Intégrations',
      'État du service',
      'Paramètres',
    ]);
  });

  it('lists the indexed pages in the sitemap’s order, and gives an alias its page’s title, never listed', () => {
    expect(PUBLIC_PAGES.map((page) => page.path)).toEqual(['/', '/services', '/contact', '/order', '/cgv', '/mentions-legales']);
    expect(pageHeadFor('/commande')).toEqual({
      title: 'Commander votre site vitrine — Vitrine',
      description: 'Votre site vitrine professionnel livré en 24h, hébergement et modifications inclus, à partir de 29 €/mois.',
      indexed: false,
    });
    expect(pageHeadFor('/dashboard/sites/42/manage').title).toBe('Gérer mon site — Vitrine');
  });

  it('says the catalogue’s prices in the heads, in the spec’s words', () => {
    expect(pageHeadFor('/services').description).toBe(
      'Création de site vitrine, hébergement, nom de domaine, SSL, modifications et support inclus. Formules Pro à 29 €/mois et Business à 59 €/mois, sans engagement.',
    );
    expect(pageHeadFor('/').description).toMatch(/à partir de 29 €\/mois\.$/);
  });

  it('knows the signed-in areas', () => {
    expect(inSignedInArea('/dashboard')).toBe(true);
    expect(inSignedInArea('/admin/sites/42')).toBe(true);
    expect(inSignedInArea('/administration')).toBe(false);
    expect(inSignedInArea('/login')).toBe(false);
  });
});
