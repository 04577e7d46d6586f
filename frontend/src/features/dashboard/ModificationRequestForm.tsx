import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCreateModificationRequest } from '../../api/generated/sites/sites';
import type { CreateModificationRequestDto, ModificationOptionsDto } from '../../api/generated/model';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/card';
import { selectClasses, inputClasses } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { applyApiFieldErrors } from '../../lib/form-errors';

export const MODIFICATION_SENT = 'Votre demande a été envoyée.';
export const MODIFICATION_FAILED = 'Une erreur est survenue. Merci de réessayer.';

/**
 * The collapsible modification request of a site: type, priority, description (spec §2, §5, §8). The choices and their
 * labels are the server's (the site's `modificationOptions`), the same as in the team's mail.
 */
export function ModificationRequestForm({ siteId, options }: { siteId: string; options: ModificationOptionsDto }) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<'sent' | 'failed' | null>(null);
  const id = useId();
  const form = useForm<CreateModificationRequestDto>({ defaultValues: { type: 'design', priority: 'medium', description: '' } });
  const send = useCreateModificationRequest();
  const description = form.watch('description');
  const sending = send.isPending;
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      await send.mutateAsync({ id: siteId, data: { ...values, description: values.description.trim() } });
      form.reset({ type: values.type, priority: values.priority, description: '' });
      setResult('sent');
    } catch (error) {
      // A refusal about a field (400) goes under that field, like every form; anything else is the spec's message.
      setResult(applyApiFieldErrors(form, error, { fields: ['type', 'priority', 'description'] }) ? null : 'failed');
    }
  });

  return (
    <section aria-labelledby={`${id}-title`}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center justify-between gap-4 text-left"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Demander une modification
        </h2>
        <span aria-hidden="true" className={cn('text-slate-500 transition-transform', open && 'rotate-180')}>
          ▾
        </span>
      </button>
      <div id={`${id}-panel`} hidden={!open} className="mt-4">
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-type`} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
                Type de modification
              </label>
              <select
                id={`${id}-type`}
                className={selectClasses}
                aria-invalid={Boolean(errors.type)}
                aria-describedby={errors.type ? `${id}-type-error` : undefined}
                {...form.register('type')}
              >
                {options.types.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-type-error`} message={errors.type?.message} />
            </div>
            <div>
              <label htmlFor={`${id}-priority`} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
                Priorité
              </label>
              <select
                id={`${id}-priority`}
                className={selectClasses}
                aria-invalid={Boolean(errors.priority)}
                aria-describedby={errors.priority ? `${id}-priority-error` : undefined}
                {...form.register('priority')}
              >
                {options.priorities.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-priority-error`} message={errors.priority?.message} />
            </div>
          </div>
          <div>
            <label htmlFor={`${id}-description`} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
              Description
            </label>
            <textarea
              id={`${id}-description`}
              rows={4}
              maxLength={5000}
              className={cn(inputClasses, 'h-auto py-2')}
              aria-invalid={Boolean(errors.description)}
              aria-describedby={errors.description ? `${id}-description-error` : undefined}
              {...form.register('description')}
            />
            <FieldError id={`${id}-description-error`} message={errors.description?.message} />
          </div>
          {result === 'sent' ? <Alert tone="success">{MODIFICATION_SENT} Nous vous répondons sous 24-48h.</Alert> : null}
          {result === 'failed' ? <Alert tone="error">{MODIFICATION_FAILED}</Alert> : null}
          <Button type="submit" loading={sending} disabled={sending || description.trim() === ''}>
            Envoyer la demande
          </Button>
        </form>
      </div>
    </section>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  ) : null;
}
