import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Badge, Card, Container } from '../../components/ui/card';
import { paths } from '../../config/paths';

const plans = [
  {
    name: 'Pro',
    price: '29€',
    period: '/mois',
    description: 'Le site vitrine complet pour être visible en ligne.',
    features: ['Nom de domaine et hébergement', 'Certificat SSL', 'Modifications gratuites', 'Support téléphonique'],
    cta: { label: 'Commencer', to: `${paths.order}?plan=basic` },
    highlighted: false,
  },
  {
    name: 'Business',
    price: '59€',
    period: '/mois',
    description: 'Des fonctionnalités avancées pour développer votre activité.',
    features: ['Tout le plan Pro', 'Fonctionnalités métier (réservation, catalogue…)', 'Sauvegardes', 'Accompagnement prioritaire'],
    cta: { label: 'Commencer', to: `${paths.order}?plan=business` },
    highlighted: true,
  },
  {
    name: 'Teams',
    price: 'Sur devis',
    period: '',
    description: 'Un projet sur mesure pour les besoins spécifiques.',
    features: ['Design sur mesure', 'Intégrations avancées', 'Interlocuteur dédié', 'Devis sous 24h'],
    cta: { label: 'Demander un devis', to: paths.contact },
    highlighted: false,
  },
];

const examples = [
  { name: 'Boulangerie Martin', sector: 'Artisanat', tone: 'from-amber-400 to-rose-500' },
  { name: 'Cabinet Lefèvre', sector: 'Professions libérales', tone: 'from-sky-400 to-brand-600' },
  { name: 'Atelier Verde', sector: 'Paysagisme', tone: 'from-emerald-400 to-teal-600' },
];

const faq = [
  {
    q: 'En combien de temps mon site est-il en ligne ?',
    a: 'Votre site est livré en 24 heures ouvrées après réception de vos contenus. En cas de retard, un mois vous est offert.',
  },
  {
    q: 'Suis-je engagé sur la durée ?',
    a: "Non, l'abonnement est sans engagement : vous pouvez l'annuler à tout moment, il reste actif jusqu'à la fin de la période.",
  },
  {
    q: "Qu'est-ce qui est inclus dans l'abonnement ?",
    a: 'Le nom de domaine, l’hébergement, le certificat SSL, les sauvegardes, les modifications et le support téléphonique.',
  },
];

function Check() {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-brand-600 dark:text-brand-400" fill="currentColor" aria-hidden="true">
      <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
    </svg>
  );
}

export function HomePage() {
  return (
    <>
      {/* Hero */}
      <section className="relative overflow-hidden">
        <div
          className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_50%_0%,var(--color-brand-100),transparent)] dark:bg-[radial-gradient(60%_50%_at_50%_0%,var(--color-brand-950),transparent)]"
          aria-hidden="true"
        />
        <Container className="py-16 text-center sm:py-24">
          <Badge tone="brand">Plus de 100 entreprises nous font confiance</Badge>
          <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl dark:text-white">
            Votre site vitrine professionnel, <span className="text-brand-600 dark:text-brand-400">livré en 24h</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 dark:text-slate-300">
            Une offre tout compris à partir de 29,99 €/mois, sans engagement, avec 30 minutes de modifications incluses.
            Nous créons, hébergeons et faisons évoluer votre site pendant que vous vous occupez de vos clients.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <ButtonLink to={paths.features} size="lg" className="w-full sm:w-auto">
              Découvrir nos offres
            </ButtonLink>
            <ButtonLink to={paths.portfolio} size="lg" variant="secondary" className="w-full sm:w-auto">
              Voir des exemples
            </ButtonLink>
          </div>
          <dl className="mx-auto mt-14 grid max-w-3xl grid-cols-2 gap-4 sm:grid-cols-4">
            {[
              ['100+', 'entreprises clientes'],
              ['140+', 'sites déployés'],
              ['24h', 'pour être en ligne'],
              ['7j/7', 'support inclus'],
            ].map(([value, label]) => (
              <div key={label} className="rounded-2xl border border-slate-200 bg-white/70 p-4 dark:border-slate-800 dark:bg-slate-900/70">
                <dt className="sr-only">{label}</dt>
                <dd className="text-2xl font-bold text-slate-900 dark:text-white">{value}</dd>
                <dd className="mt-1 text-xs text-slate-500 dark:text-slate-400">{label}</dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>

      {/* Pricing (anchor: features) */}
      <section id="features" className="border-t border-slate-200 bg-slate-50 py-16 sm:py-24 dark:border-slate-800 dark:bg-slate-900/40">
        <Container>
          <div className="mx-auto max-w-2xl text-center">
            <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">Des tarifs simples et transparents</h2>
            <p className="mt-4 text-slate-600 dark:text-slate-400">
              Domaine, hébergement, SSL, modifications et support inclus. Sans engagement.
            </p>
          </div>
          <div className="mt-12 grid gap-6 lg:grid-cols-3">
            {plans.map((plan) => (
              <Card
                key={plan.name}
                className={
                  plan.highlighted
                    ? 'relative flex flex-col border-brand-500 ring-2 ring-brand-500 dark:border-brand-400 dark:ring-brand-400'
                    : 'flex flex-col'
                }
              >
                {plan.highlighted ? (
                  <span className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
                    Le plus choisi
                  </span>
                ) : null}
                <h3 className="text-lg font-semibold">{plan.name}</h3>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{plan.description}</p>
                <p className="mt-6 flex items-baseline gap-1">
                  <span className="text-4xl font-extrabold tracking-tight">{plan.price}</span>
                  <span className="text-sm text-slate-500 dark:text-slate-400">{plan.period}</span>
                </p>
                <ul className="mt-6 flex-1 space-y-3 text-sm">
                  {plan.features.map((f) => (
                    <li key={f} className="flex gap-2">
                      <Check />
                      <span>{f}</span>
                    </li>
                  ))}
                </ul>
                <ButtonLink to={plan.cta.to} variant={plan.highlighted ? 'primary' : 'secondary'} className="mt-8 w-full" aria-label={`${plan.cta.label} — ${plan.name}`}>
                  {plan.cta.label}
                </ButtonLink>
              </Card>
            ))}
          </div>
        </Container>
      </section>

      {/* Portfolio (anchor: portfolio) */}
      <section id="portfolio" className="py-16 sm:py-24">
        <Container>
          <div className="mx-auto max-w-2xl text-center">
            <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">Quelques réalisations</h2>
            <p className="mt-4 text-slate-600 dark:text-slate-400">Des sites sobres, rapides et pensés pour convertir vos visiteurs en clients.</p>
          </div>
          <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {examples.map((ex) => (
              <Card key={ex.name} flush className="overflow-hidden">
                <div className={`aspect-[16/10] bg-gradient-to-br ${ex.tone} p-5`} aria-hidden="true">
                  <div className="h-full rounded-lg bg-white/85 p-3 shadow-lg dark:bg-slate-950/80">
                    <div className="h-2 w-1/3 rounded bg-slate-300 dark:bg-slate-700" />
                    <div className="mt-3 h-3 w-2/3 rounded bg-slate-400 dark:bg-slate-600" />
                    <div className="mt-2 h-2 w-1/2 rounded bg-slate-200 dark:bg-slate-800" />
                  </div>
                </div>
                <div className="p-5">
                  <h3 className="font-semibold">{ex.name}</h3>
                  <p className="text-sm text-slate-500 dark:text-slate-400">{ex.sector}</p>
                </div>
              </Card>
            ))}
          </div>
        </Container>
      </section>

      {/* FAQ (anchor: faq) */}
      <section id="faq" className="border-t border-slate-200 bg-slate-50 py-16 sm:py-24 dark:border-slate-800 dark:bg-slate-900/40">
        <Container className="max-w-3xl">
          <h2 className="text-center text-3xl font-bold tracking-tight sm:text-4xl">Questions fréquentes</h2>
          <div className="mt-10 space-y-3">
            {faq.map((item) => (
              <details key={item.q} className="group rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium">
                  {item.q}
                  <span className="text-brand-600 transition-transform group-open:rotate-45 dark:text-brand-400" aria-hidden="true">
                    +
                  </span>
                </summary>
                <p className="mt-3 text-sm leading-relaxed text-slate-600 dark:text-slate-400">{item.a}</p>
              </details>
            ))}
          </div>
          <p className="mt-8 text-center text-sm text-slate-600 dark:text-slate-400">
            Une autre question ?{' '}
            <Link to={paths.contact} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
              Contactez-nous
            </Link>
          </p>
        </Container>
      </section>
    </>
  );
}
