import { SUPPORT_REPLY_SENTENCE } from '@vitrine/domain';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useCreateModificationRequest } from '../../api/generated/sites/sites';
import type { CreateModificationRequestDto, ModificationOptionsDto } from '../../api/generated/model';
import { Button } from '../../components/ui/button';
import { Form, FormAlerts, Select, Textarea, useApiForm } from '../../components/ui/form';
import { cn } from '../../lib/cn';

export const MODIFICATION_SENT = 'Votre demande a été envoyée.';
export const MODIFICATION_FAILED = 'Une erreur est survenue. Merci de réessayer.';

/**
 * The collapsible modification request of a site: type, priority, description (spec §2, §5, §8). The choices and their
 * labels are the server's (the site's `modificationOptions`), the same as in the team's mail.
 */
export function ModificationRequestForm({ siteId, options }: { siteId: string; options: ModificationOptionsDto }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const send = useCreateModificationRequest();
  // A refusal about a field (400) goes under that field, like every form; anything else is the spec's message.
  const form = useApiForm<CreateModificationRequestDto>({
    defaultValues: { type: 'design', priority: 'medium', description: '' },
    failureMessage: MODIFICATION_FAILED,
    serverFields: { fields: ['type', 'priority', 'description'] },
    onSubmit: async (values, { reset }) => {
      await send.mutateAsync({ id: siteId, data: { ...values, description: values.description.trim() } });
      reset({ type: values.type, priority: values.priority, description: '' });
    },
  });
  const description = useWatch({ control: form.control, name: 'description' });
  const sending = send.isPending;
  const { errors } = form;

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
        <Form form={form} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Select
              id={`${id}-type`}
              label="Type de modification"
              options={options.types}
              error={errors.type?.message}
              {...form.register('type')}
            />
            <Select
              id={`${id}-priority`}
              label="Priorité"
              options={options.priorities}
              error={errors.priority?.message}
              {...form.register('priority')}
            />
          </div>
          <Textarea
            id={`${id}-description`}
            label="Description"
            rows={4}
            maxLength={5000}
            textareaClassName="py-2"
            error={errors.description?.message}
            {...form.register('description')}
          />
          <FormAlerts form={form} success={`${MODIFICATION_SENT} ${SUPPORT_REPLY_SENTENCE}`} />
          <Button type="submit" loading={sending} disabled={sending || description.trim() === ''}>
            Envoyer la demande
          </Button>
        </Form>
      </div>
    </section>
  );
}
