import { useId } from 'react';
import { useCreateQuote } from '../../../api/generated/orders/orders';
import type { CallbackPreference, CreateQuoteDto, QuoteBudget, QuoteTimeline } from '../../../api/generated/model';
import { isApiError } from '../../../api/http';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { Field, Form, Select, Textarea, useApiForm } from '../../../components/ui/form';
import { EMAIL_PATTERN } from '../../../lib/validation';
import { Icon } from '../components/icons';
import { quoteMessages } from '../../../lib/quote-texts';
import { useQuoteOptions } from '../../../lib/site-info';
import { WithQueryClient } from '../../../lib/with-query-client';

interface QuoteFormValues {
  fullName: string;
  email: string;
  phone: string;
  company: string;
  description: string;
  budget: QuoteBudget | '';
  timeline: QuoteTimeline | '';
  callbackPreference: CallbackPreference;
}

const defaultValues: QuoteFormValues = {
  fullName: '',
  email: '',
  phone: '',
  company: '',
  description: '',
  budget: '',
  timeline: '',
  callbackPreference: 'morning',
};

/** The request sent to POST /api/quotes: the name kept whole, empty optional fields left out (stored as not specified). */
export function toQuoteRequest(values: QuoteFormValues): CreateQuoteDto {
  const company = values.company.trim();
  return {
    fullName: values.fullName.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    description: values.description.trim(),
    ...(company ? { company } : {}),
    ...(values.budget ? { budget: values.budget } : {}),
    ...(values.timeline ? { timeline: values.timeline } : {}),
    callbackPreference: values.callbackPreference,
  };
}

/** Moves the focus to the success message when it appears, so screen readers and keyboards land on it. */
const focusOnMount = (element: HTMLDivElement | null) => element?.focus();

const labelClass = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200';

/**
 * The custom-plan quote request (Teams): validated on submit with the spec's messages, then sent to the API.
 * States: submitting, success (the form is cleared), error (the server's message for a 429).
 */
export function QuoteForm(props: { idPrefix?: string; onDone?: () => void }) {
  return (
    <WithQueryClient>
      <QuoteFormBody {...props} />
    </WithQueryClient>
  );
}

function QuoteFormBody({ idPrefix = 'devis', onDone }: { idPrefix?: string; onDone?: () => void }) {
  const createQuote = useCreateQuote();
  const options = useQuoteOptions();
  const uid = useId();
  const id = (name: string) => `${idPrefix}-${name}-${uid.replace(/:/g, '')}`;
  // The server's field errors go under their field; the alert below reports the failure itself.
  const form = useApiForm<QuoteFormValues>({
    defaultValues,
    shouldFocusError: true,
    onSubmit: async (values, { reset }) => {
      await createQuote.mutateAsync({ data: toQuoteRequest(values) });
      reset(defaultValues);
    },
  });
  const { register, errors, isSubmitting } = form;

  if (createQuote.isSuccess) {
    return (
      <div
        ref={focusOnMount}
        tabIndex={-1}
        role="status"
        className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-center outline-none sm:p-8 dark:border-emerald-900 dark:bg-emerald-950/40"
      >
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-600 text-white" aria-hidden="true">
          <Icon name="check" className="size-6" strokeWidth={2.4} />
        </span>
        <p className="mt-4 text-lg font-semibold text-emerald-900 dark:text-emerald-200">{quoteMessages.successTitle}</p>
        <p className="mt-1 text-emerald-800 dark:text-emerald-300">{quoteMessages.successText}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button variant="secondary" onClick={() => createQuote.reset()}>
            Envoyer une autre demande
          </Button>
          {onDone ? <Button onClick={onDone}>Fermer</Button> : null}
        </div>
      </div>
    );
  }

  const rateLimited = isApiError(createQuote.error) && createQuote.error.status === 429;

  return (
    <Form form={form} className="space-y-5" aria-label="Demande de devis">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Nom complet"
          autoComplete="name"
          id={id('fullName')}
          error={errors.fullName?.message}
          {...register('fullName', { validate: (v) => v.trim() !== '' || quoteMessages.fullNameRequired })}
        />
        <Field
          label="E-mail"
          type="email"
          autoComplete="email"
          id={id('email')}
          error={errors.email?.message}
          {...register('email', {
            validate: (v) => (v.trim() === '' ? quoteMessages.emailRequired : EMAIL_PATTERN.test(v.trim()) || quoteMessages.emailInvalid),
          })}
        />
        <Field
          label="Téléphone"
          type="tel"
          autoComplete="tel"
          id={id('phone')}
          error={errors.phone?.message}
          {...register('phone', { validate: (v) => v.trim() !== '' || quoteMessages.phoneRequired })}
        />
        <Field label="Entreprise" optional autoComplete="organization" id={id('company')} {...register('company')} />
      </div>

      <Textarea
        label="Description du projet"
        id={id('description')}
        placeholder="Votre activité, les pages souhaitées, les fonctionnalités dont vous avez besoin…"
        textareaClassName="min-h-28 py-2.5"
        error={errors.description?.message}
        {...register('description', { validate: (v) => v.trim() !== '' || quoteMessages.descriptionRequired })}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <Select
          label="Budget"
          optional
          id={id('budget')}
          options={options?.budgets ?? []}
          error={errors.budget?.message}
          {...register('budget')}
        >
          <option value="">{quoteMessages.notSpecified}</option>
        </Select>
        <Select
          label="Délai souhaité"
          optional
          id={id('timeline')}
          options={options?.timelines ?? []}
          error={errors.timeline?.message}
          {...register('timeline')}
        >
          <option value="">{quoteMessages.notSpecified}</option>
        </Select>
      </div>

      <fieldset>
        <legend className={labelClass}>Quand préférez-vous être rappelé ?</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {(options?.callbackPreferences ?? []).map(({ value, label }) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2.5 text-sm has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-2 has-focus-visible:outline-brand-500 dark:border-slate-700 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950 dark:has-checked:text-brand-100"
            >
              <input type="radio" value={value} className="size-4 accent-brand-600" {...register('callbackPreference')} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      {createQuote.isError ? (
        <Alert tone="error">
          {rateLimited ? (
            <p className="font-semibold">{createQuote.error.message}</p>
          ) : (
            <>
              <p className="font-semibold">{quoteMessages.errorTitle}</p>
              <p className="mt-0.5">{quoteMessages.errorText}</p>
            </>
          )}
        </Alert>
      ) : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Vos coordonnées servent uniquement à vous recontacter au sujet de ce projet.
        </p>
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full shrink-0 sm:w-auto">
          {isSubmitting ? 'Envoi en cours...' : 'Envoyer ma demande'}
        </Button>
      </div>
    </Form>
  );
}

export default QuoteForm;
