import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useCreateQuote } from '../../../api/generated/orders/orders';
import type { CallbackPreference, CreateQuoteDto, QuoteBudget, QuoteTimeline } from '../../../api/generated/model';
import { isApiError } from '../../../api/http';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { Field, inputClasses, selectClasses } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { applyApiFieldErrors } from '../../../lib/form-errors';
import { EMAIL_PATTERN } from '../../../lib/validation';
import { Icon } from '../components/icons';
import { quoteMessages } from '../../../lib/quote-texts';
import { useQuoteOptions } from '../../../lib/site-info';

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
const errorClass = 'mt-1.5 text-sm font-medium text-red-600 dark:text-red-400';
const optional = <span className="font-normal text-slate-500 dark:text-slate-400"> (facultatif)</span>;

/**
 * The custom-plan quote request (Teams): validated on submit with the spec's messages, then sent to the API.
 * States: submitting, success (the form is cleared), error (the server's message for a 429).
 */
export function QuoteForm({ idPrefix = 'devis', onDone }: { idPrefix?: string; onDone?: () => void }) {
  const createQuote = useCreateQuote();
  const options = useQuoteOptions();
  const uid = useId();
  const id = (name: string) => `${idPrefix}-${name}-${uid.replace(/:/g, '')}`;
  const form = useForm<QuoteFormValues>({ defaultValues, shouldFocusError: true });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createQuote.mutateAsync({ data: toQuoteRequest(values) });
      reset(defaultValues);
    } catch (error) {
      // The server's field errors go under their field; the alert below reports the failure itself.
      applyApiFieldErrors(form, error);
    }
  });

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
  const describedBy = (name: keyof QuoteFormValues) => (errors[name] ? `${id(name)}-error` : undefined);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Demande de devis">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Nom complet"
          autoComplete="name"
          id={id('fullName')}
          error={errors.fullName?.message}
          {...register('fullName', { validate: (v) => v.trim() !== '' || quoteMessages.fullNameRequired })}
        />
        <Field
          label="Email"
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
        <div>
          <label htmlFor={id('company')} className={labelClass}>
            Entreprise{optional}
          </label>
          <input id={id('company')} autoComplete="organization" className={inputClasses} {...register('company')} />
        </div>
      </div>

      <div>
        <label htmlFor={id('description')} className={labelClass}>
          Description du projet
        </label>
        <textarea
          id={id('description')}
          rows={4}
          placeholder="Votre activité, les pages souhaitées, les fonctionnalités dont vous avez besoin…"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('description')}
          className={cn(inputClasses, 'h-auto min-h-28 py-2.5')}
          {...register('description', { validate: (v) => v.trim() !== '' || quoteMessages.descriptionRequired })}
        />
        {errors.description ? (
          <p id={`${id('description')}-error`} className={errorClass}>
            {errors.description.message}
          </p>
        ) : null}
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={id('budget')} className={labelClass}>
            Budget{optional}
          </label>
          <select
            id={id('budget')}
            className={selectClasses}
            aria-invalid={errors.budget ? true : undefined}
            aria-describedby={describedBy('budget')}
            {...register('budget')}
          >
            <option value="">{quoteMessages.notSpecified}</option>
            {(options?.budgets ?? []).map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {errors.budget ? (
            <p id={`${id('budget')}-error`} className={errorClass}>
              {errors.budget.message}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={id('timeline')} className={labelClass}>
            Délai souhaité{optional}
          </label>
          <select
            id={id('timeline')}
            className={selectClasses}
            aria-invalid={errors.timeline ? true : undefined}
            aria-describedby={describedBy('timeline')}
            {...register('timeline')}
          >
            <option value="">{quoteMessages.notSpecified}</option>
            {(options?.timelines ?? []).map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {errors.timeline ? (
            <p id={`${id('timeline')}-error`} className={errorClass}>
              {errors.timeline.message}
            </p>
          ) : null}
        </div>
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
    </form>
  );
}

export default QuoteForm;
