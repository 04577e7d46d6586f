import { PROMISES, SUPPORT_REPLY_SENTENCE } from '@vitrine/domain';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useGetSupportWait, useSendSupportMessage } from '../../api/generated/support/support';
import type { CreateSupportMessageDto } from '../../api/generated/model';
import { isApiError } from '../../api/http';
import { EmailInput } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { Alert, Card, Container } from '../../components/ui/card';
import { Field, Form, Textarea, useApiForm } from '../../components/ui/form';
import { PageHeader } from '../../components/ui/page';
import { useAuth } from '../../lib/auth/session';
import { cn } from '../../lib/cn';
import { useAgency } from '../../lib/site-info';
import { emailRules } from '../../lib/validation';
import { useSecondsLeft, waitText } from './countdown';

const FAQ = [
  {
    q: 'Combien de temps faut-il pour créer mon site ?',
    a: `Votre site est mis en ligne sous ${PROMISES.delivery.long} une fois vos informations reçues.`,
  },
  {
    q: 'Puis-je modifier mon site après sa mise en ligne ?',
    a: `Oui : envoyez une demande de modification depuis la page de votre site, notre équipe vous répond en ${PROMISES.supportReply.long}.`,
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
  const send = useSendSupportMessage();
  // Failure is silent (spec §8), except the fields the server names and the wait a 429 gives.
  const form = useApiForm<Values>({
    defaultValues: { email: user?.email ?? '', name: user?.name ?? '', subject: '', message: '' },
    onSubmit: async (values, { reset }) => {
      const result = await send.mutateAsync({
        data: {
          email: values.email,
          subject: values.subject,
          message: values.message,
          ...(values.name.trim() ? { name: values.name } : {}),
        },
      });
      setDeadline(Date.parse(result.nextAllowedAt ?? '') || Date.now() + result.retryAfter * 1000);
      reset({ ...values, subject: '', message: '' });
    },
    onFailure: (error) => {
      if (isApiError(error) && error.status === 429)
        setDeadline(Date.now() + ((error.body as { retryAfter?: number } | undefined)?.retryAfter ?? 0) * 1000);
    },
  });
  const [email, subject, message] = useWatch({ control: form.control, name: ['email', 'subject', 'message'] });
  const blocked = send.isPending || secondsLeft > 0 || !email.trim() || !subject.trim() || !message.trim();

  return (
    <Container className="py-10 sm:py-12">
      <PageHeader eyebrow="Espace client" title="Support" description={`Une question ? ${SUPPORT_REPLY_SENTENCE}`} />
      <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <h2 className="text-lg font-semibold">Envoyer un message</h2>
          <Form form={form} className="mt-4 space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <EmailInput error={form.errors.email?.message} {...form.register('email', emailRules)} />
              <Field label="Nom (facultatif)" autoComplete="name" {...form.register('name')} />
            </div>
            <Field label="Sujet" error={form.errors.subject?.message} {...form.register('subject')} />
            <Textarea
              id="support-message"
              label="Message"
              rows={6}
              maxLength={5000}
              textareaClassName="py-2"
              error={form.errors.message?.message}
              {...form.register('message')}
            />
            {form.succeeded ? <Alert tone="success">Message envoyé</Alert> : null}
            {secondsLeft > 0 ? <Alert tone="info">{waitText(secondsLeft)}</Alert> : null}
            <Button type="submit" loading={send.isPending} disabled={blocked}>
              Envoyer
            </Button>
          </Form>
        </Card>

        <div className="space-y-6">
          <Card>
            <h2 className="text-lg font-semibold">Nous contacter</h2>
            <dl className="mt-4 space-y-3 text-sm">
              <ContactLink label="Téléphone" href={agency?.phoneHref} text={agency?.phone} />
              <ContactLink label="E-mail" href={agency && `mailto:${agency.email}`} text={agency?.email} className="break-all" />
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
