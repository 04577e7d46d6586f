/*
 * The home page's sections without any interaction: what changes with a site, and the closing call to action (also
 * on /services). The public pages' light entry keeps their server HTML instead of their code (app/public/kept.tsx).
 */
import { PROMISES } from '@vitrine/domain';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { Icon } from '../components/icons';
import { Section } from '../components/Section';

const without = [
  'Vos clients ne vous trouvent pas sur Google',
  'Vos horaires et tarifs circulent, parfois faux',
  'Vos concurrents captent les demandes',
  'Un site « fait maison » qui vieillit mal',
];
const withUs = [
  `Un site professionnel en ligne en ${PROMISES.delivery.short}`,
  'Référencement local (SEO) et fiche Google soignés',
  'Demandes de contact et de devis reçues directement',
  'Mises à jour et automatisations IA qui vous font gagner du temps',
];

/** The two sides of the comparison: without a site (greyed, crosses), with us (brand colours, ticks). */
const COMPARISON = {
  without: {
    box: 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
    title: 'text-slate-500 dark:text-slate-400',
    item: 'text-slate-600 dark:text-slate-300',
    mark: 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
    icon: <Icon name="close" className="size-3" strokeWidth={2.6} />,
  },
  with: {
    box: 'border-brand-200 bg-brand-50 dark:border-brand-900 dark:bg-brand-950/50',
    title: 'text-brand-800 dark:text-brand-200',
    item: 'text-slate-800 dark:text-slate-100',
    mark: 'bg-brand-600 text-white',
    icon: <Icon name="check" className="size-3" strokeWidth={3} />,
  },
};

/** One side of the comparison: its title, then each item behind its round mark. */
function ComparisonColumn({ side, title, items }: { side: keyof typeof COMPARISON; title: string; items: string[] }) {
  const tone = COMPARISON[side];
  return (
    <div className={cn('rounded-2xl border p-6 sm:p-8', tone.box)}>
      <h3 className={cn('font-semibold', tone.title)}>{title}</h3>
      <ul className="mt-4 space-y-3">
        {items.map((item) => (
          <li key={item} className={cn('flex gap-3', tone.item)}>
            <span className={cn('mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full', tone.mark)} aria-hidden="true">
              {tone.icon}
            </span>
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The conversion section: why a site, what changes, the claims. */
export function Conversion() {
  return (
    <Section
      id="pourquoi"
      eyebrow="Pourquoi Vitrine"
      title="Ce qui change quand votre entreprise a un vrai site"
      intro="Plus de 100 entreprises nous confient déjà leur présence en ligne, du site vitrine au référencement et à l’automatisation par l’IA."
    >
      <div className="mt-12 grid gap-6 lg:grid-cols-2">
        <ComparisonColumn side="without" title="Sans site professionnel" items={without} />
        <ComparisonColumn side="with" title="Avec Vitrine" items={withUs} />
      </div>
      <dl className="mx-auto mt-12 grid max-w-3xl grid-cols-3 gap-4 text-center">
        {[
          ['100+', 'entreprises clientes'],
          ['140+', 'sites déployés'],
          [PROMISES.supportReply.short, 'pour vous répondre'],
        ].map(([value, label]) => (
          <div key={label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-10 text-center">
        <ButtonLink to={paths.features} size="lg">
          Voir les formules
        </ButtonLink>
      </div>
    </Section>
  );
}

const ctaBase =
  'inline-flex h-12 items-center justify-center gap-2 rounded-lg px-6 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** The closing call to action. */
export function ClosingCta({ title = 'Votre site en ligne dès demain', text }: { title?: string; text?: string }) {
  return (
    <section aria-labelledby="cta-final" className="py-16 sm:py-24">
      <Container>
        <div className="relative overflow-hidden rounded-3xl bg-slate-900 px-6 py-14 text-center shadow-xl sm:px-12 dark:bg-slate-900 dark:ring-1 dark:ring-slate-800">
          <div
            className="absolute inset-0 bg-[radial-gradient(60%_80%_at_50%_0%,color-mix(in_oklab,var(--color-brand-500)_45%,transparent),transparent)]"
            aria-hidden="true"
          />
          <div className="relative">
            <h2 id="cta-final" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
              {title}
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-slate-300">
              {text ??
                'Choisissez votre formule en 5 minutes, nous faisons le reste. Sans engagement, satisfait ou remboursé pendant 30 jours.'}
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Link to={paths.features} className={`${ctaBase} bg-white text-slate-900 shadow-sm hover:bg-brand-50`}>
                Créer mon site maintenant
              </Link>
              <Link to={paths.contact} className={`${ctaBase} border border-white/25 text-white hover:bg-white/10`}>
                Poser une question
              </Link>
            </div>
          </div>
        </div>
      </Container>
    </section>
  );
}
