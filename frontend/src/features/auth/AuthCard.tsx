import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';

/** Centred card used by the sign-in, registration and first-login pages. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card: a sentence and its link ('Pas encore de compte ? Créer un compte'). */
  footer?: { text: string; to: string; link: string };
}) {
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-start justify-center bg-slate-50 px-4 py-12 sm:items-center dark:bg-slate-950">
      <div className="w-full max-w-md">
        <Card flush className="p-6 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
          {subtitle ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </Card>
        {footer ? (
          <div className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
            {footer.text}{' '}
            <Link to={footer.to} className={textLinkClass}>
              {footer.link}
            </Link>
          </div>
        ) : null}
      </div>
    </div>
  );
}

export const textLinkClass = 'font-semibold text-brand-700 hover:underline dark:text-brand-300';
