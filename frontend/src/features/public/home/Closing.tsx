import { PROMISES } from '@vitrine/domain';
import { useId, useState } from 'react';
import { FAQ } from './faq';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { Icon } from '../components/icons';
import { Section } from '../components/Section';

function FaqItem({ q, a }: { q: string; a: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonId = `faq-q-${id}`;
  const panelId = `faq-r-${id}`;
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
export function Faq() {
  return (
    <Section id="faq" eyebrow="FAQ" title="Questions fréquentes" tinted>
      <ul className="mx-auto mt-10 max-w-3xl space-y-3">
        {FAQ.map((item) => (
          <FaqItem key={item.q} {...item} />
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
    </Section>
  );
}
