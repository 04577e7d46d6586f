/** The pieces of the payment-result pages (/payment-success, /upgrade-success). */
import type { ReactNode } from 'react';
import { Card, Container } from '../../components/ui/card';
import { Spinner } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { CheckIcon } from './form-controls';

type Tone = 'success' | 'error' | 'waiting';

const badge: Record<Tone, string> = {
  success: 'bg-emerald-600 text-white',
  error: 'bg-red-600 text-white',
  waiting: 'bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-300',
};

/** A centred card with an icon, a title (the page's h1), its text and its actions. */
export function ResultCard({ tone, title, children, actions }: { tone: Tone; title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="bg-slate-50 dark:bg-slate-950">
      <Container className="flex min-h-[calc(100dvh-4rem)] items-start justify-center py-12 sm:items-center">
        <Card
          flush
          className="w-full max-w-xl p-6 text-center sm:p-10"
          role={tone === 'waiting' ? 'status' : undefined}
          aria-live={tone === 'waiting' ? 'polite' : undefined}
        >
          <span className={cn('mx-auto flex size-14 items-center justify-center rounded-full', badge[tone])} aria-hidden="true">
            {tone === 'success' ? <CheckIcon className="size-7" /> : null}
            {tone === 'waiting' ? <Spinner className="size-7" /> : null}
            {tone === 'error' ? (
              <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
                <path d="M12 7v6M12 17h.01" />
              </svg>
            ) : null}
          </span>
          <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
          <div className="mt-3 space-y-3 text-slate-600 dark:text-slate-300">{children}</div>
          {actions ? <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row sm:flex-wrap">{actions}</div> : null}
        </Card>
      </Container>
    </div>
  );
}
