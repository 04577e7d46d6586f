import { PROMISES } from '@vitrine/domain';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Card, Container } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { Icon, type IconName } from '../components/icons';
import { IconTile, Section } from '../components/Section';
import { formatEuros } from '../../../lib/format';
import { useCatalogue } from '../../../lib/site-info';

const stats = [
  { value: '81%', label: 'des consommateurs recherchent une entreprise en ligne avant de la contacter' },
  { value: '2x', label: 'plus de demandes de contact pour une entreprise dotée d’un site professionnel' },
  { value: '+55%', label: 'de visites grâce à un site optimisé pour le référencement local (SEO)' },
  { value: '24/7', label: 'votre site présente votre activité, même quand votre boutique est fermée' },
];

export function Stats() {
  return (
    <section aria-label="Chiffres clés" className="border-y border-slate-200 bg-white py-12 dark:border-slate-800 dark:bg-slate-950">
      <Container>
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {stats.map((s) => (
            <li
              key={s.value}
              className="rounded-2xl border border-slate-200 bg-slate-50 p-5 text-center sm:p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <p className="text-3xl font-extrabold tracking-tight text-brand-700 sm:text-4xl dark:text-brand-300">{s.value}</p>
              <p className="mt-2 text-sm text-pretty text-slate-600 dark:text-slate-300">{s.label}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

const steps: { title: string; text: string; icon: IconName }[] = [
  { title: 'Choisissez votre formule', text: 'Pro ou Business, sans engagement. La commande prend moins de 5 minutes.', icon: 'layout' },
  {
    title: 'Parlez-nous de votre activité',
    text: 'Remplissez le formulaire guidé ou réservez un appel de 30 minutes : nous recueillons textes, photos et envies.',
    icon: 'chat',
  },
  {
    title: 'Nous concevons votre site',
    text: 'Nos designers et développeurs créent un site à votre image, pensé pour le mobile et le référencement.',
    icon: 'palette',
  },
  { title: 'Vous validez', text: 'Vous relisez, nous ajustons. Les modifications sont incluses dans votre abonnement.', icon: 'check' },
  {
    title: 'Votre site est en ligne',
    text: `En ${PROMISES.delivery.long}, avec nom de domaine, hébergement et certificat SSL. Sinon, un mois vous est offert.`,
    icon: 'rocket',
  },
];

export function HowItWorks() {
  return (
    <Section
      id="comment-ca-marche"
      eyebrow="Comment ça marche"
      title="Cinq étapes, et votre entreprise est en ligne"
      intro="Vous vous occupez de vos clients, nous nous occupons du reste."
    >
      <ol className="mt-12 grid gap-4 md:grid-cols-5">
        {steps.map((step, i) => (
          <li
            key={step.title}
            className="relative rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="flex items-center justify-between">
              <IconTile>
                <Icon name={step.icon} />
              </IconTile>
              <span className="text-sm font-bold text-slate-500 tabular-nums dark:text-slate-400" aria-hidden="true">
                0{i + 1}
              </span>
            </div>
            <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">
              <span className="sr-only">Étape {i + 1} : </span>
              {step.title}
            </h3>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

const included = [
  'Nom de domaine',
  'Hébergement rapide',
  'Certificat SSL',
  'Modifications gratuites',
  'Support 7j/7',
  'Sauvegardes quotidiennes',
];

export function OfferCard() {
  const catalogue = useCatalogue();
  const offer = catalogue.data?.offer;
  return (
    <section aria-labelledby="offre-titre" className="pb-16 sm:pb-24">
      <Container>
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-600 to-sky-600 p-8 text-white shadow-xl sm:p-12 dark:from-brand-800 dark:via-brand-700 dark:to-sky-800">
          <div className="absolute -top-24 -right-24 size-72 rounded-full bg-white/10" aria-hidden="true" />
          <div className="absolute -bottom-32 -left-16 size-72 rounded-full bg-white/5" aria-hidden="true" />
          <div className="relative grid items-center gap-10 lg:grid-cols-[1.2fr_1fr]">
            <div>
              <p className="inline-flex rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">Offre tout compris</p>
              <h2 id="offre-titre" className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">
                Un site professionnel, sans rien avancer
              </h2>
              <p className="mt-4 max-w-xl text-lg text-brand-50">
                Pas de devis à rallonge ni de frais cachés : un abonnement mensuel qui couvre la création, l’hébergement et l’évolution de
                votre site.
              </p>
              <ul className="mt-6 grid max-w-lg grid-cols-1 gap-2 sm:grid-cols-2">
                {included.map((item) => (
                  <li key={item} className="flex items-center gap-2 text-brand-50">
                    <Icon name="check" className="size-4 shrink-0 text-emerald-300" strokeWidth={2.6} />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
            <div className="rounded-2xl bg-white p-6 text-slate-900 shadow-lg sm:p-8 dark:bg-slate-950 dark:text-white">
              <p className="text-sm font-medium text-slate-500 dark:text-slate-400">À partir de</p>
              {offer ? (
                <p className="mt-1 flex items-baseline gap-1">
                  <span className="text-5xl font-extrabold tracking-tight">{formatEuros(offer.fromMonthlyPriceCents)}</span>
                  <span className="text-slate-500 dark:text-slate-400">/mois</span>
                </p>
              ) : (
                <p className="mt-1 h-12 w-48 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" aria-label="Chargement du prix" />
              )}
              <ul className="mt-5 space-y-2 text-sm text-slate-700 dark:text-slate-300">
                <li className="flex items-center gap-2">
                  <Icon name="unlock" className="size-4 text-brand-600 dark:text-brand-400" />
                  {offer && offer.commitment ? 'Engagement de 12 mois' : 'Sans engagement, résiliable à tout moment'}
                </li>
                <li className="flex items-center gap-2">
                  <Icon name="clock" className="size-4 text-brand-600 dark:text-brand-400" />
                  {offer
                    ? `${offer.includedChangeMinutes} minutes de modifications incluses chaque mois`
                    : 'Modifications incluses chaque mois'}
                </li>
              </ul>
              <ButtonLink to={paths.features} size="lg" className="mt-6 w-full">
                Je me lance
              </ButtonLink>
            </div>
          </div>
        </div>
      </Container>
    </section>
  );
}

const guarantees: { title: string; text: string; icon: IconName }[] = [
  {
    title: `Livré en ${PROMISES.delivery.shortBusiness}`,
    text: `Votre site est en ligne dans les ${PROMISES.delivery.long}. En cas de retard, nous vous remboursons un mois d’abonnement.`,
    icon: 'clock',
  },
  {
    title: 'Satisfait ou remboursé',
    text: 'Pendant 30 jours, si le site ne vous convient pas, nous vous remboursons sous 5 jours ouvrés.',
    icon: 'refund',
  },
  {
    title: 'Sans engagement',
    text: 'Vous arrêtez quand vous voulez : l’abonnement reste actif jusqu’à la fin de la période payée.',
    icon: 'unlock',
  },
  {
    title: 'Hébergement sécurisé',
    text: 'Certificat SSL, sauvegardes quotidiennes et mises à jour de sécurité, sans que vous ayez à y penser.',
    icon: 'shield',
  },
  {
    title: 'Support réactif',
    text: `Une équipe joignable 6 jours sur 7, avec une réponse garantie en ${PROMISES.supportReply.long}.`,
    icon: 'headset',
  },
  {
    title: 'Vos données protégées',
    text: 'Données hébergées en France, conformité RGPD, et toute demande sur vos données traitée sous 30 jours.',
    icon: 'lock',
  },
];

export function Guarantees() {
  return (
    <Section
      id="garanties"
      eyebrow="Nos garanties"
      title="Un engagement clair, par écrit"
      intro="Tout est prévu pour que vous vous lanciez l’esprit tranquille."
      tinted
    >
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {guarantees.map((g) => (
          <li key={g.title}>
            <Card className="h-full">
              <IconTile>
                <Icon name={g.icon} />
              </IconTile>
              <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{g.title}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{g.text}</p>
            </Card>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-sm text-slate-600 dark:text-slate-400">
        Le détail figure dans nos{' '}
        <Link to={paths.cgv} className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          conditions générales de vente
        </Link>
        .
      </p>
    </Section>
  );
}
