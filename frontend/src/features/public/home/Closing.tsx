import { PROMISES } from '@vitrine/domain';
import { useState } from 'react';
import { FAQ } from './faq';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { Icon } from '../components/icons';
import { SectionContent, SectionFrame } from '../components/Section';

/**
 * A question and its answer. Their ids follow the list's order rather than React's useId: the light entry hydrates the
 * FAQ in a root of its own (app/public/island.tsx), whose ids would not be the server's.
 */
function FaqItem({ n, q, a }: { n: number; q: string; a: string }) {
  const [open, setOpen] = useState(false);
  const buttonId = `faq-q-${n}`;
  const panelId = `faq-r-${n}`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <h3>
        <button
          type="button"
          id={buttonId}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
          className="flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-left font-medium text-slate-900 hover:bg-slate-50 dark:text-white dark:hover:bg-slate-800/60"
        >
          {q}
          <span className={cn('text-brand-600 transition-transform dark:text-brand-400', open && 'rotate-45')} aria-hidden="true">
            <Icon name="plus" />
          </span>
        </button>
      </h3>
      <div
        id={panelId}
        role="region"
        aria-labelledby={buttonId}
        hidden={!open}
        className="px-5 pb-5 text-sm leading-relaxed text-slate-600 dark:text-slate-300"
      >
        {a}
      </div>
    </li>
  );
}

/** The FAQ (anchor: faq): nine questions, each opens on its own (several can be open). */
export function FaqContent() {
  return (
    <SectionContent id="faq" eyebrow="FAQ" title="Questions fréquentes">
      <ul className="mx-auto mt-10 max-w-3xl space-y-3">
        {FAQ.map((item, n) => (
          <FaqItem key={item.q} n={n + 1} {...item} />
        ))}
      </ul>
      <div className="mx-auto mt-10 max-w-3xl rounded-2xl border border-slate-200 bg-white p-6 text-center dark:border-slate-800 dark:bg-slate-900">
        <p className="font-semibold text-slate-900 dark:text-white">Vous ne trouvez pas votre réponse ?</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Notre équipe vous répond en {PROMISES.supportReply.long}, du lundi au samedi.
        </p>
        <ButtonLink to={paths.contact} variant="secondary" className="mt-4">
          Contactez-nous
        </ButtonLink>
      </div>
    </SectionContent>
  );
}

/**
 * The FAQ (anchor: faq). The section's element and its content apart: the public pages' light entry hydrates the content on the
 * visitor's first interaction with it (app/public/island.tsx).
 */
export function Faq() {
  return (
    <SectionFrame id="faq" tinted>
      <FaqContent />
    </SectionFrame>
  );
}
