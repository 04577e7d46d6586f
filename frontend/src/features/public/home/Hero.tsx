import { PROMISES } from '@vitrine/domain';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { Icon } from '../components/icons';
import { HeroVideo } from './HeroVideo';
import { Particles } from './Particles';

/**
 * The top of the home page. Its element and its content apart: the public pages' light entry hydrates the content
 * (the particles, the video) on the visitor's first interaction with the page (app/public/island.tsx).
 */
export function Hero() {
  return (
    <section aria-labelledby="hero-titre" className="relative isolate overflow-hidden">
      <HeroContent />
    </section>
  );
}

/** What the hero shows inside its element: its backdrop and particles, the promise and the calls to action, the video. */
export function HeroContent() {
  return (
    <>
      <div
        className="absolute inset-0 -z-20 bg-[radial-gradient(55%_60%_at_15%_0%,var(--color-brand-100),transparent),radial-gradient(45%_50%_at_100%_100%,var(--color-sky-100),transparent)] dark:bg-[radial-gradient(55%_60%_at_15%_0%,color-mix(in_oklab,var(--color-brand-900)_70%,transparent),transparent),radial-gradient(45%_50%_at_100%_100%,color-mix(in_oklab,var(--color-sky-900)_45%,transparent),transparent)]"
        aria-hidden="true"
      />
      <Particles className="absolute inset-0 -z-10 size-full" />
      <Container className="grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1.05fr_1fr] lg:gap-10 lg:py-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-sm font-medium text-brand-800 shadow-sm dark:border-brand-800 dark:bg-slate-900/80 dark:text-brand-200">
            <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
            Utilisé par plus de 100 entreprises
          </p>
          <h1
            id="hero-titre"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-[3.4rem] lg:leading-[1.05] dark:text-white"
          >
            Votre site vitrine professionnel,{' '}
            <span className="text-brand-600 dark:text-brand-400">en ligne en {PROMISES.delivery.short}</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-slate-600 lg:mx-0 dark:text-slate-300">
            Nous concevons, hébergeons et faisons vivre le site de votre entreprise. Nom de domaine, hébergement, modifications et support
            inclus dans un abonnement mensuel, sans engagement.
          </p>
          <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <ButtonLink to={paths.features} size="lg" className="w-full sm:w-auto">
              Créer mon site
              <Icon name="arrowRight" className="size-4" />
            </ButtonLink>
            <ButtonLink to={paths.portfolio} size="lg" variant="secondary" className="w-full sm:w-auto">
              Voir des exemples
            </ButtonLink>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-600 lg:justify-start dark:text-slate-300">
            {['140+ sites déployés', `Livré en ${PROMISES.delivery.shortBusiness}`, 'Satisfait ou remboursé 30 jours'].map((claim) => (
              <li key={claim} className="flex items-center gap-1.5">
                <Icon name="check" className="size-4 text-emerald-600 dark:text-emerald-400" strokeWidth={2.4} />
                {claim}
              </li>
            ))}
          </ul>
        </div>
        <HeroVideo />
      </Container>
    </>
  );
}
