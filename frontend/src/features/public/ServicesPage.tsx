import { PROMISES } from '@vitrine/domain';
import { useState } from 'react';
import { Card } from '../../components/ui/card';
import { Button, ButtonLink } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { Icon, type IconName } from './components/icons';
import { IconTile, PageHero, Section } from './components/Section';
import { ClosingCta } from './home/Conversion';
import { QuoteDialog } from './quote/QuoteDialog';

const services: { title: string; icon: IconName; text: string; points: string[] }[] = [
  {
    title: 'Création de site vitrine',
    icon: 'layout',
    text: `Un site professionnel à votre image, pensé pour le mobile et livré en ${PROMISES.delivery.long}.`,
    points: [
      'Design sur mesure, textes relus',
      'Nom de domaine, hébergement et SSL inclus',
      'Formulaires de contact et de devis',
      'Modifications incluses dans l’abonnement',
    ],
  },
  {
    title: 'Optimisation SEO',
    icon: 'search',
    text: 'Soyez trouvé par les clients qui vous cherchent, sur Google et dans votre ville.',
    points: [
      'Structure et balises optimisées',
      'Référencement local et fiche Google Business',
      'Vitesse de chargement soignée',
      'Suivi des positions et conseils',
    ],
  },
  {
    title: 'Automatisation IA',
    icon: 'sparkles',
    text: 'Gagnez du temps sur les tâches répétitives grâce à des outils d’intelligence artificielle bien intégrés.',
    points: [
      'Réponses automatiques aux demandes fréquentes',
      'Prise de rendez-vous et relances',
      'Rédaction assistée de vos actualités',
      'Tri et synthèse des demandes de devis',
    ],
  },
];

const timeline: { title: string; duration: string; text: string; icon: IconName }[] = [
  {
    title: 'Prise de contact',
    duration: '5 minutes',
    text: 'Vous choisissez votre formule et nous parlez de votre activité, en ligne ou par téléphone.',
    icon: 'phone',
  },
  {
    title: 'Design',
    duration: '6 heures',
    text: 'Nous composons la maquette : couleurs, mise en page, textes et photos de votre entreprise.',
    icon: 'palette',
  },
  {
    title: 'Développement',
    duration: '12 heures',
    text: 'Le site est construit, optimisé pour le mobile et le référencement, puis testé.',
    icon: 'code',
  },
  {
    title: 'Mise en ligne',
    duration: '1 heure',
    text: 'Nom de domaine, certificat SSL, dernières vérifications : votre site est en ligne.',
    icon: 'rocket',
  },
];

export function ServicesPage() {
  const [quoteOpen, setQuoteOpen] = useState(false);
  return (
    <>
      <PageHero
        id="services-titre"
        eyebrow="Nos services"
        title="Tout ce qu’il faut pour exister en ligne"
        intro={`Création de site, référencement et automatisation par l’IA : une seule équipe, un seul abonnement, et un site en ligne en ${PROMISES.delivery.short}. Plus de 140 sites déjà déployés.`}
        className="py-16 sm:py-24"
      >
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button size="lg" className="w-full sm:w-auto" aria-haspopup="dialog" onClick={() => setQuoteOpen(true)}>
            Demander un devis
          </Button>
          <ButtonLink to={paths.features} size="lg" variant="secondary" className="w-full sm:w-auto">
            Voir les tarifs
          </ButtonLink>
        </div>
      </PageHero>

      <Section id="services" eyebrow="Ce que nous faisons" title="Trois expertises au service de votre activité" tinted>
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.title}>
              <Card className="h-full">
                <IconTile>
                  <Icon name={service.icon} />
                </IconTile>
                <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{service.title}</h3>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{service.text}</p>
                <ul className="mt-5 space-y-2 text-sm">
                  {service.points.map((point) => (
                    <li key={point} className="flex gap-2">
                      <Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-400" strokeWidth={2.4} />
                      {point}
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="processus"
        eyebrow="Notre méthode"
        title={`Votre site en ${PROMISES.delivery.short}, étape par étape`}
        intro="Un processus rodé sur plus de 140 sites : vous savez à chaque instant où en est votre projet."
      >
        <ol className="relative mx-auto mt-12 max-w-3xl">
          {timeline.map((step, i) => (
            <li key={step.title} className="relative flex gap-5 pb-10 last:pb-0">
              {i < timeline.length - 1 ? (
                <span className="absolute top-12 bottom-0 left-[1.375rem] w-px bg-slate-200 dark:bg-slate-800" aria-hidden="true" />
              ) : null}
              <IconTile className="relative z-10 bg-white dark:bg-slate-950">
                <Icon name={step.icon} />
              </IconTile>
              <div className="pt-1">
                <h3 className="flex flex-wrap items-center gap-x-3 gap-y-1 font-semibold text-slate-900 dark:text-white">
                  <span>
                    <span className="text-slate-500 dark:text-slate-400">{i + 1}.</span> {step.title}
                  </span>
                  <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
                    {step.duration}
                  </span>
                </h3>
                <p className="mt-1.5 text-slate-600 dark:text-slate-300">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <ClosingCta
        title="Prêt à passer à la vitesse supérieure ?"
        text={`Choisissez votre formule, ou demandez un devis pour un projet sur mesure : nous vous répondons en ${PROMISES.supportReply.long}.`}
      />
      {quoteOpen ? <QuoteDialog onClose={() => setQuoteOpen(false)} /> : null}
    </>
  );
}
