import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { CloseButton, ModalDialog } from '../../../components/ui/modal-dialog';
import { cn } from '../../../lib/cn';
import { Icon } from '../components/icons';
import { portfolioImages } from '../components/images';
import { Picture, type ImageSet } from '../components/Picture';
import { SectionContent, SectionFrame } from '../components/Section';

interface Example {
  name: string;
  sector: string;
  city: string;
  text: string;
  plan: string;
  image: ImageSet;
  alt: string;
}

const examples: Example[] = [
  {
    name: 'Boulangerie Martin',
    sector: 'Artisan boulanger',
    city: 'Annecy',
    text: 'Horaires, carte des pains et commandes de gâteaux en ligne : les réservations du week-end ont doublé.',
    plan: 'Formule Business',
    image: portfolioImages.bakery,
    alt: "Page d'accueil du site de la Boulangerie Martin : photo de pains dorés, bouton « Commander en ligne » et présentation des pains au levain",
  },
  {
    name: 'Cabinet Lefèvre',
    sector: 'Avocats en droit des affaires',
    city: 'Lyon',
    text: 'Un site sobre qui inspire confiance, avec prise de rendez-vous et présentation claire des honoraires.',
    plan: 'Formule Pro',
    image: portfolioImages.lawyer,
    alt: "Page d'accueil du site du Cabinet Lefèvre : balance de la justice sur fond bleu nuit et bouton « Prendre rendez-vous »",
  },
  {
    name: 'Atelier Verde',
    sector: 'Paysagiste',
    city: 'Nantes',
    text: 'Galerie de réalisations et demande de devis : premier sur Google pour « paysagiste Nantes sud » en trois mois.',
    plan: 'Formule Business',
    image: portfolioImages.garden,
    alt: "Page d'accueil du site de l'Atelier Verde : illustration d'un jardin fleuri et bouton « Demander un devis »",
  },
];

/** The enlarged screenshot, in a modal <dialog> (Escape, the close button or a click outside closes it). */
function Lightbox({ example, onClose }: { example: Example; onClose: () => void }) {
  return (
    <ModalDialog
      labelledBy="apercu-titre"
      onClose={onClose}
      closeOnBackdrop
      className="w-[min(64rem,calc(100vw-1.5rem))] overflow-visible bg-transparent p-0 backdrop:bg-slate-950/80 backdrop:backdrop-blur-sm"
    >
      <div className="overflow-hidden rounded-2xl bg-white shadow-2xl dark:bg-slate-900">
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3 sm:px-6 dark:border-slate-800">
          <div>
            <h3 id="apercu-titre" className="font-semibold text-slate-900 dark:text-white">
              {example.name}
            </h3>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {example.sector} · {example.city}
            </p>
          </div>
          <CloseButton autoFocus onClick={onClose} label="Fermer l'aperçu" className="hover:text-slate-900" />
        </div>
        <Picture image={example.image} alt={example.alt} sizes="(min-width: 1024px) 1024px, 100vw" imgClassName="block h-auto w-full" />
      </div>
    </ModalDialog>
  );
}

/** The portfolio (anchor: portfolio): three examples, an image lightbox, see more / see less on mobile. */
export function PortfolioContent() {
  const [expanded, setExpanded] = useState(false);
  const [open, setOpen] = useState<Example | null>(null);

  return (
    <SectionContent
      id="portfolio"
      eyebrow="Portfolio"
      title="Des sites qui travaillent pour leurs propriétaires"
      intro="Quelques-uns des 140+ sites que nous avons mis en ligne pour des artisans, des commerçants et des professions libérales."
    >
      <ul id="portfolio-exemples" className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {examples.map((example, i) => (
          <li key={example.name} className={cn(i > 0 && !expanded && 'hidden sm:block', i === 2 && 'sm:col-span-2 lg:col-span-1')}>
            <Card flush className="group h-full overflow-hidden">
              <button
                type="button"
                onClick={() => setOpen(example)}
                className="relative block w-full overflow-hidden bg-slate-100 text-left dark:bg-slate-800"
                aria-label={`Agrandir l'aperçu du site ${example.name}`}
              >
                <Picture
                  image={example.image}
                  alt={example.alt}
                  sizes="(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw"
                  loading="lazy"
                  decoding="async"
                  imgClassName="block aspect-[16/10] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
                />
                <span
                  className="absolute top-3 right-3 flex size-9 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow opacity-90 dark:bg-slate-900/90 dark:text-slate-100"
                  aria-hidden="true"
                >
                  <Icon name="expand" className="size-4" />
                </span>
              </button>
              <div className="p-5">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-semibold text-slate-900 dark:text-white">{example.name}</h3>
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-950 dark:text-brand-200">
                    {example.plan}
                  </span>
                </div>
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  {example.sector} · {example.city}
                </p>
                <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{example.text}</p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <div className="mt-6 text-center sm:hidden">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls="portfolio-exemples"
          onClick={() => setExpanded((v) => !v)}
          className="inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          {expanded ? 'Voir moins' : "Voir plus d'exemples"}
        </button>
      </div>
      {open ? <Lightbox example={open} onClose={() => setOpen(null)} /> : null}
    </SectionContent>
  );
}

/**
 * The portfolio (anchor: portfolio). The section's element and its content apart: the public pages' light entry hydrates the content on the
 * visitor's first interaction with it (app/public/island.tsx).
 */
export function Portfolio() {
  return (
    <SectionFrame id="portfolio">
      <PortfolioContent />
    </SectionFrame>
  );
}
