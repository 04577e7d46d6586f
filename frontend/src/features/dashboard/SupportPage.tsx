import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useGetSupportWait, useSendSupportMessage } from '../../api/generated/support/support';
import type { CreateSupportMessageDto } from '../../api/generated/model';
import { isApiError } from '../../api/http';
import { EmailInput } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { Alert, Badge, Card, Container } from '../../components/ui/card';
import { Field, inputClasses } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page';
import { useAuth } from '../../lib/auth/session';
import { cn } from '../../lib/cn';
import { applyApiFieldErrors } from '../../lib/form-errors';
import { useAgency } from '../../lib/site-info';
import { emailRules } from '../../lib/validation';
import { useSecondsLeft, waitText } from './countdown';

const FAQ = [
  { q: 'Combien de temps faut-il pour créer mon site ?', a: 'Votre site est mis en ligne sous 24-48h une fois vos informations reçues.' },
  {
    q: 'Puis-je modifier mon site après sa mise en ligne ?',
    a: 'Oui : envoyez une demande de modification depuis la page de votre site, nous la traitons sous 24-48h.',
  },
  {
    q: 'Comment annuler mon abonnement ?',
    a: 'Depuis « Gérer l’abonnement » sur la page de votre site : l’annulation prend effet à la fin de la période en cours.',
  },
];

type Values = Required<Pick<CreateSupportMessageDto, 'email' | 'subject' | 'message'>> & { name: string };

/** One way to reach the agency: its label, then its link, or '—' until the agency's details are known. */
function ContactLink({ label, href, text, className }: { label: string; href?: string; text?: string; className?: string }) {
  return (
    <div>
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={cn('font-medium', className)}>
        {href ? (
          <a href={href} className="text-brand-700 underline dark:text-brand-300">
            {text}
          </a>
        ) : (
          '—'
        )}
      </dd>
    </div>
  );
}

/** /dashboard/support: a message to the team, one every 15 minutes (the server says when the next may go). */
export function SupportPage() {
  const { user } = useAuth();
  const agency = useAgency().data;
  const wait = useGetSupportWait();
  const [deadline, setDeadline] = useState<number | null>(null);
  const serverDeadline = wait.data?.nextAllowedAt ? Date.parse(wait.data.nextAllowedAt) : null;
  const secondsLeft = useSecondsLeft(deadline ?? serverDeadline);
  const [sent, setSent] = useState(false);
  const form = useForm<Values>({ defaultValues: { email: user?.email ?? '', name: user?.name ?? '', subject: '', message: '' } });
  const send = useSendSupportMessage();
  const [email, subject, message] = form.watch(['email', 'subject', 'message']);
  const blocked = send.isPending || secondsLeft > 0 || !email.trim() || !subject.trim() || !message.trim();

  const onSubmit = form.handleSubmit(async (values) => {
    setSent(false);
    try {
      const result = await send.mutateAsync({
        data: {
          email: values.email,
          subject: values.subject,
          message: values.message,
          ...(values.name.trim() ? { name: values.name } : {}),
        },
      });
      setDeadline(Date.parse(result.nextAllowedAt ?? '') || Date.now() + result.retryAfter * 1000);
      form.reset({ ...values, subject: '', message: '' });
      setSent(true);
    } catch (error) {
      if (isApiError(error) && error.status === 429) {
        const retryAfter = (error.body as { retryAfter?: number } | undefined)?.retryAfter ?? 0;
        setDeadline(Date.now() + retryAfter * 1000);
        return;
      }
      // Failure is silent (spec §8), except the fields the server names.
      applyApiFieldErrors(form, error);
    }
  });

  return (
    <Container className="py-10 sm:py-12">
      <PageHeader eyebrow="Espace client" title="Support" description="Une question ? Notre équipe vous répond sous 24-48h." />
      <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className="text-lg font-semibold">Envoyer un message</h2>
          <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <EmailInput error={form.formState.errors.email?.message} {...form.register('email', emailRules)} />
              <Field label="Nom (facultatif)" autoComplete="name" {...form.register('name')} />
            </div>
            <Field label="Sujet" error={form.formState.errors.subject?.message} {...form.register('subject')} />
            <div>
              <label htmlFor="support-message" className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
                Message
              </label>
              <textarea
                id="support-message"
                rows={6}
                maxLength={5000}
                aria-invalid={form.formState.errors.message ? true : undefined}
                className={cn(inputClasses, 'h-auto py-2')}
                {...form.register('message')}
              />
              {form.formState.errors.message ? (
                <p className="mt-1.5 text-sm text-red-700 dark:text-red-400">{form.formState.errors.message.message}</p>
              ) : null}
            </div>
            {sent ? <Alert tone="success">Message envoyé</Alert> : null}
            {secondsLeft > 0 ? <Alert tone="info">{waitText(secondsLeft)}</Alert> : null}
            <Button type="submit" loading={send.isPending} disabled={blocked}>
              Envoyer
            </Button>
          </form>
        </Card>

        <div className="space-y-6">
          <Card>
            <h2 className="text-lg font-semibold">Nous contacter</h2>
            <dl className="mt-4 space-y-3 text-sm">
              <ContactLink label="Téléphone" href={agency?.phoneHref} text={agency?.phone} />
              <ContactLink label="Email" href={agency && `mailto:${agency.email}`} text={agency?.email} className="break-all" />
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Chat</dt>
                <dd className="mt-1">
                  <Badge>Bientôt disponible</Badge>
                </dd>
              </div>
            </dl>
          </Card>
          <Card>
            <h2 className="text-lg font-semibold">Questions fréquentes</h2>
            <div className="mt-4 space-y-3">
              {FAQ.map((item) => (
                <details key={item.q} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800">
                  <summary className="cursor-pointer font-medium">{item.q}</summary>
                  <p className="mt-2 text-slate-600 dark:text-slate-400">{item.a}</p>
                </details>
              ))}
            </div>
          </Card>
        </div>
      </div>
    </Container>
  );
}
