import type { MouseEvent, ReactNode } from 'react';
import { Container } from '../../../components/ui/card';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Smooth scroll to a section (instant under reduced motion), keep the URL's hash and move the focus there. */
function goTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  window.history.replaceState(window.history.state, '', `#${id}`);
  target.focus({ preventScroll: true });
}

/** A legal page: title, version, a table of contents linked to each numbered <h2>. */
export function LegalLayout({
  title,
  meta,
  intro,
  sections,
  tocLabel,
  annex,
}: {
  title: string;
  meta: ReactNode;
  intro?: ReactNode;
  sections: LegalSection[];
  tocLabel: string;
  /** After the numbered sections, unnumbered (an addition that leaves their numbering and texts as they are) */
  annex?: LegalSection;
}) {
  return (
    <Container className="py-12 sm:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">Informations légales</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{meta}</p>
        {intro ? <div className="mt-6 text-slate-600 dark:text-slate-300">{intro}</div> : null}
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-label={tocLabel} className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900">
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{tocLabel}</h2>
            <ol className="mt-3 space-y-1 text-sm lg:max-h-[calc(100dvh-12rem)] lg:overflow-y-auto">
              {sections.map((section, i) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    onClick={(event) => goTo(event, section.id)}
                    className="flex gap-2 rounded-md px-2 py-1.5 text-slate-600 hover:bg-white hover:text-brand-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-brand-300"
                  >
                    <span className="w-5 shrink-0 text-right text-slate-500 tabular-nums dark:text-slate-400">{i + 1}.</span>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
            {annex ? (
              <a
                href={`#${annex.id}`}
                onClick={(event) => goTo(event, annex.id)}
                className="mt-2 block rounded-md px-2 py-1.5 text-sm text-slate-600 hover:bg-white hover:text-brand-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-brand-300"
              >
                Annexe — {annex.title}
              </a>
            ) : null}
          </div>
        </nav>

        <div className="max-w-3xl space-y-10">
          {sections.map((section, i) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2
                id={section.id}
                tabIndex={-1}
                className="text-xl font-bold tracking-tight text-slate-900 outline-none sm:text-2xl dark:text-white"
              >
                {i + 1}. {section.title}
              </h2>
              <div className="mt-4 space-y-3 leading-relaxed text-slate-700 dark:text-slate-300 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-brand-300 [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1.5">
                {section.body}
              </div>
            </section>
          ))}
          {annex ? (
            <section aria-labelledby={annex.id} className="border-t border-slate-200 pt-10 dark:border-slate-800">
              <h2
                id={annex.id}
                tabIndex={-1}
                className="text-xl font-bold tracking-tight text-slate-900 outline-none sm:text-2xl dark:text-white"
              >
                Annexe — {annex.title}
              </h2>
              <div className="mt-4 space-y-3 leading-relaxed text-slate-700 dark:text-slate-300 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-brand-300 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1.5">
                {annex.body}
              </div>
            </section>
          ) : null}
        </div>
      </div>
    </Container>
  );
}
