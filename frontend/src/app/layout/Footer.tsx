import { perMonth, PLANS, PROMISES } from '@vitrine/domain';
import { Link, type To } from 'react-router';
import { paths } from '../../config/paths';
import { DISPLAY_TIME_ZONE } from '../../lib/format';
import { useAgency } from '../../lib/site-info';
import { Logo } from './Header';

/** 'Plan Pro 29 €/mois', 'Teams sur devis': each plan at the catalogue's price, written as everywhere else. */
const planPrice = (plan: (typeof PLANS)[number]): string =>
  plan.monthlyPriceCents === null ? `${plan.name} sur devis` : `Plan ${plan.name} ${perMonth(plan.monthlyPriceCents)}`;

/** The current year in Paris, for the copyright line: never a year written in the code. */
export const currentYear = (now = new Date()): string =>
  new Intl.DateTimeFormat('fr-FR', { year: 'numeric', timeZone: DISPLAY_TIME_ZONE }).format(now);
const paidPlans = PLANS.filter((plan) => plan.monthlyPriceCents !== null);

const groups: { title: string; links: { label: string; to: To }[] }[] = [
  {
    title: 'Solutions',
    links: [
      { label: 'Création de site vitrine', to: paths.services },
      { label: 'Optimisation SEO', to: paths.services },
      { label: 'Automatisation IA', to: paths.services },
    ],
  },
  {
    title: 'Tarifs',
    links: [...PLANS.map((plan) => ({ label: planPrice(plan), to: paths.features }))],
  },
  {
    title: 'Ressources',
    links: [
      { label: 'Portfolio', to: paths.portfolio },
      { label: 'Questions fréquentes', to: paths.faq },
      { label: 'Contact', to: paths.contact },
    ],
  },
  {
    title: 'Légal',
    links: [
      { label: 'Conditions générales de vente', to: paths.cgv },
      { label: 'Mentions légales', to: paths.legalNotice },
    ],
  },
];

const socials = [
  {
    label: 'Facebook',
    href: 'https://www.facebook.com/',
    icon: 'M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.4.2-.5.6-.5Z',
  },
  {
    label: 'Instagram',
    href: 'https://www.instagram.com/',
    icon: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5h.01',
  },
  {
    label: 'LinkedIn',
    href: 'https://www.linkedin.com/',
    icon: 'M4 9h4v12H4V9Zm2-6a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm5 6h4v1.7c.6-1 2-2 4-2 3.5 0 4 2.3 4 5.3v7h-4v-6.2c0-1.5 0-3.3-2-3.3s-2.3 1.5-2.3 3.2V21H11V9Z',
  },
];

const contactClass = 'block truncate leading-5 text-slate-600 hover:text-brand-700 dark:text-slate-400 dark:hover:text-brand-300';

export function Footer() {
  // The agency's identity as the admin saved it (GET /api/agency, read once per visit); its lines keep their height
  // while it loads, so nothing below them moves.
  const agency = useAgency().data;
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/60">
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1.3fr_repeat(4,1fr)]">
          <div className="max-w-xs">
            <Logo />
            <p className="mt-4 text-sm leading-relaxed text-slate-600 dark:text-slate-400">
              Des sites vitrines professionnels pour les petites entreprises, livrés en {PROMISES.delivery.short}. Hébergement, nom de
              domaine et modifications inclus.
            </p>
            <address className="mt-4 h-11 space-y-1 text-sm not-italic">
              {agency ? (
                <>
                  <a href={agency.phoneHref} className={contactClass}>
                    {agency.phone}
                  </a>
                  <a href={`mailto:${agency.email}`} className={contactClass}>
                    {agency.email}
                  </a>
                </>
              ) : null}
            </address>
            <ul className="mt-5 flex gap-2" aria-label="Réseaux sociaux">
              {socials.map((s) => (
                <li key={s.label}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={s.label}
                    className="flex size-10 items-center justify-center rounded-lg border border-slate-200 text-slate-600 hover:border-brand-300 hover:text-brand-700 dark:border-slate-700 dark:text-slate-300 dark:hover:border-brand-700 dark:hover:text-brand-300"
                  >
                    <svg
                      viewBox="0 0 24 24"
                      className="size-5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.7"
                      strokeLinejoin="round"
                      aria-hidden="true"
                    >
                      <path d={s.icon} />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-4 lg:col-span-4">
            {groups.map((group) => (
              <div key={group.title}>
                <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{group.title}</h2>
                <ul className="mt-3 space-y-2">
                  {group.links.map((link) => (
                    <li key={link.label}>
                      <Link
                        to={link.to}
                        className="rounded text-sm text-slate-600 hover:text-brand-700 dark:text-slate-400 dark:hover:text-brand-300"
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
        <div className="mt-10 flex flex-col gap-3 border-t border-slate-200 pt-6 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:text-slate-400">
          <p className="min-h-5">{agency ? `© ${currentYear()} ${agency.name}. Tous droits réservés.` : null}</p>
          <p>{[...paidPlans.map(planPrice), `Livraison en ${PROMISES.delivery.short}`].join(' · ')}</p>
        </div>
      </div>
    </footer>
  );
}
