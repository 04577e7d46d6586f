import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Alert, Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { BillingDialog } from './BillingDialog';
import { billingFromDraft, patchFor, stepOfDraft, valuesFromDraft, type DraftSnapshot } from './draft-model';
import type { OrderDraftApi } from './order-draft-api';
import {
  canContinue,
  computeRecap,
  DEFAULT_PHOTO_RULES,
  DOMAIN_TLDS,
  defaultOrderValues,
  isStep,
  orderMessages,
  planOf,
  reachableStep,
  STEP_INFO,
  STEP_COUNT,
  stepAnnouncement,
  stepErrors,
  wizardReducer,
  type BillingValues,
  type DomainTld,
  type OrderFormValues,
  type PhotoRules,
  type PlanType,
  type PriceCatalogue,
  type Step,
  type WizardState,
} from './order-wizard';
import { OrderSummary } from './OrderSummary';
import { StepProgress } from './StepProgress';
import { ChoiceStep } from './steps/ChoiceStep';
import { ContentStep } from './steps/ContentStep';
import { DesignStep, type Choice } from './steps/DesignStep';
import { GeneralStep } from './steps/GeneralStep';
import { PhotoPicker } from './steps/PhotoPicker';
import { RecapStep } from './steps/RecapStep';
import { useDraftSync, type DraftSync } from './use-draft-sync';
import { usePhotoUploads } from './use-photo-uploads';

/** What the wizard reads of GET /api/catalogue. */
export interface OrderCatalogue extends PriceCatalogue {
  plans: ReadonlyArray<{ id: string; name: string; monthlyPriceCents: number | null; features?: string[] }>;
  orderOptions?: {
    colors: Choice[];
    styles: Choice[];
    businessFeatures: Choice[];
    domainTlds?: DomainTld[];
    photoRules?: PhotoRules;
  };
}

/** The step named in the URL (`?step=2`), if it is one. */
function stepInUrl(params: URLSearchParams): Step | null {
  const step = params.get('step');
  return isStep(step) ? step : null;
}

const DESCRIPTIONS: Record<Step, string> = {
  '1': 'Présentez votre entreprise : nous préparons votre site à partir de ces informations.',
  '1.5': 'Un conseiller peut remplir le contenu avec vous lors d’un appel de 30 minutes, ou vous continuez en ligne.',
  '2': 'Les textes de votre site : nous les mettons en forme et les optimisons pour Google.',
  '3': 'Vos photos, vos couleurs et les options de votre abonnement.',
  '4': 'Vérifiez votre commande, puis passez au paiement sécurisé par carte.',
};

const START: WizardState = { step: '1', prefersCall: null };

function SaveStatus({ sync }: { sync: DraftSync }) {
  if (sync.status === 'error') {
    return (
      <p className="text-sm text-red-600 dark:text-red-400">
        Enregistrement impossible{sync.error ? ` : ${sync.error}` : '.'}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void sync.flush()}>
          Réessayer
        </button>
      </p>
    );
  }
  if (sync.status === 'idle') return null;
  return (
    <p className="text-sm text-slate-500 dark:text-slate-400">
      {sync.status === 'saving' || !sync.inSync ? 'Enregistrement...' : 'Brouillon enregistré'}
    </p>
  );
}

export interface OrderWizardProps {
  api: OrderDraftApi;
  catalogue: OrderCatalogue;
  /** The caller's unpaid draft, resumed as it was (fields, step, photos, billing). */
  initialDraft: DraftSnapshot | null;
  /** From `?plan=`: business turns the business toggle on. */
  plan: PlanType | null;
  /** From `?canceled=`: the payment was cancelled. */
  canceled: boolean;
  /** The signed-in buyer: the e-mail is theirs and read-only. */
  account: { email: string } | null;
  /** Sends the browser to the hosted checkout. */
  redirect: (url: string) => void;
}

/**
 * The order wizard (spec §2–§5): steps 1 → 1.5 → 2 → 3 → 4, autosaved on the server's draft, then the billing modal
 * and the hosted checkout. Each step change is announced and moves the focus to the step's heading.
 */
export function OrderWizard({ api, catalogue, initialDraft, plan, canceled, account, redirect }: OrderWizardProps) {
  const [defaults] = useState<OrderFormValues>(() => {
    const values = initialDraft ? valuesFromDraft(initialDraft, plan) : defaultOrderValues(plan ?? 'pro', account?.email ?? '');
    return account ? { ...values, currentEmail: account.email } : values;
  });
  const form = useForm<OrderFormValues>({ defaultValues: defaults, mode: 'onTouched' });
  const values = useWatch({ control: form.control }) as OrderFormValues;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const urlStep = stepInUrl(params);
  const [wizard, dispatch] = useReducer(wizardReducer, START, (start) => {
    const resumed = initialDraft
      ? wizardReducer(start, { type: 'resume', step: stepOfDraft(initialDraft), prefersCall: initialDraft.prefersCall })
      : start;
    // A reload or a shared link lands on the URL's step, as far as the answers reach.
    return urlStep ? { ...resumed, step: reachableStep(urlStep, resumed.prefersCall, defaults) } : resumed;
  });
  const wizardRef = useRef(wizard);
  const billingRef = useRef<BillingValues | undefined>(undefined);
  useEffect(() => {
    wizardRef.current = wizard;
  });

  // Each step is a history entry (?step=…): the browser's Back goes one step back, Forward one step forward, as far as
  // the answers allow. A step change made here pushes an entry (the first one, and a correction, replace it).
  const shownInUrl = useRef<Step | null>(urlStep);
  const replaceNext = useRef(true);
  const paramsRef = useRef(params);
  useEffect(() => {
    paramsRef.current = params;
  });
  const showInUrl = useCallback(
    (step: Step, replace: boolean) => {
      shownInUrl.current = step;
      const search = new URLSearchParams(paramsRef.current);
      search.set('step', step);
      navigate({ search: `?${search}` }, { replace, state: { keepScroll: true } });
    },
    [navigate],
  );
  // The URL's step (Back, Forward, a link): the wizard goes there, as far as the answers reach.
  const followUrl = useCallback(
    (step: Step | null) => {
      if (step === shownInUrl.current) return;
      shownInUrl.current = step;
      const target = reachableStep(step ?? '1', wizardRef.current.prefersCall, form.getValues());
      if (target === wizardRef.current.step) {
        if (target !== step) showInUrl(target, true);
        return;
      }
      replaceNext.current = target !== step;
      dispatch({ type: 'goto', step: target });
    },
    [form, showInUrl],
  );
  useEffect(() => followUrl(urlStep), [urlStep, followUrl]);
  // The router renders its locations in a transition, and React renders two transitions in a row as one: a step's entry
  // pushed here and left by Back before React rendered it reaches this component as no change at all (?step=1.5 before
  // and after), with the wizard still on step 2 (the order journey, on a fast API). The browser's own event says where
  // Back went.
  const { pathname } = useLocation();
  useEffect(() => {
    const onPopState = () => {
      if (window.location.pathname === pathname) followUrl(stepInUrl(new URLSearchParams(window.location.search)));
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [pathname, followUrl]);
  useEffect(() => {
    if (shownInUrl.current === wizard.step) return;
    showInUrl(wizard.step, replaceNext.current);
    replaceNext.current = false;
  }, [wizard.step, showInUrl]);

  const buildPatch = useCallback(
    () => patchFor(form.getValues(), wizardRef.current.step, wizardRef.current.prefersCall, billingRef.current),
    [form],
  );
  const sync = useDraftSync(api, initialDraft, buildPatch);
  const photoRules = catalogue.orderOptions?.photoRules ?? DEFAULT_PHOTO_RULES;
  const photos = usePhotoUploads(api, initialDraft?.photos ?? [], sync.ensureDraft, photoRules);
  const [billingOpen, setBillingOpen] = useState(false);
  const [paymentError, setPaymentError] = useState(canceled);

  // Every change of the answers is saved after a pause.
  const { schedule, flush } = sync;
  useEffect(() => {
    return form.subscribe({ formState: { values: true }, callback: () => schedule() });
  }, [form, schedule]);

  // The plan of the URL replaces the resumed draft's: save it.
  useEffect(() => {
    if (initialDraft && planOf(defaults) !== initialDraft.planType) schedule();
  }, [initialDraft, defaults, schedule]);

  // A step change: saved at once, announced, and the focus goes to the new step's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const progress = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    schedule();
    void flush();
    setAnnouncement(stepAnnouncement(wizard.step));
    // The progress bar and the new heading in view (below the fixed header), the focus on the heading.
    progress.current?.scrollIntoView?.({ block: 'start', behavior: 'auto' });
    heading.current?.focus({ preventScroll: true });
  }, [wizard.step, schedule, flush]);

  const choose = (prefersCall: boolean) => dispatch({ type: 'choose', prefersCall });
  const back = () => dispatch({ type: 'back' });
  const valid = canContinue(wizard.step, values);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (wizard.step === '1.5') return;
    if (wizard.step === '4') {
      openBilling();
      return;
    }
    if (valid) dispatch({ type: 'continue' });
    else void form.trigger(Object.keys(stepErrors(wizard.step, values)) as FieldPath<OrderFormValues>[], { shouldFocus: true });
  };

  const openBilling = () => {
    void flush();
    setBillingOpen(true);
  };

  const onBillingChange = useCallback(
    (billing: BillingValues) => {
      billingRef.current = billing;
      schedule();
    },
    [schedule],
  );

  const pay = async (billing: BillingValues, consumerRequest: boolean) => {
    billingRef.current = billing;
    schedule();
    const saved = await flush();
    const draft = saved ?? (await sync.ensureDraft());
    try {
      const { url } = await api.checkout(draft.id, billing, consumerRequest);
      redirect(url);
    } catch (error) {
      setPaymentError(true);
      throw error;
    }
  };

  const localRecap = useMemo(() => computeRecap(catalogue, values), [catalogue, values]);
  // The server's recap once the draft holds every change; the same rule computed here meanwhile.
  const recap =
    sync.inSync && sync.status === 'saved' && sync.saved?.recap && sync.saved.planType === planOf(values) ? sync.saved.recap : localRecap;
  const options = catalogue.orderOptions;
  const plans = {
    pro: catalogue.plans.find((p) => p.id === 'pro'),
    business: catalogue.plans.find((p) => p.id === 'business'),
  };
  const chosenPlan = catalogue.plans.find((p) => p.id === planOf(values));
  const planName = chosenPlan?.name ?? planOf(values);
  const price = (id: string) => catalogue.addOns.find((a) => a.id === id)?.priceCents;
  const businessExtra =
    plans.business?.monthlyPriceCents != null && plans.pro?.monthlyPriceCents != null
      ? plans.business.monthlyPriceCents - plans.pro.monthlyPriceCents
      : undefined;
  const info = STEP_INFO[wizard.step];
  const wide = wizard.step === '4';

  return (
    <>
      {paymentError ? (
        <Alert tone="error" className="mt-6">
          {orderMessages.paymentError}
        </Alert>
      ) : null}

      <div ref={progress} className="mt-8 scroll-mt-24">
        <StepProgress step={wizard.step} skipped={wizard.prefersCall === true} />
      </div>

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <div className={cn('mt-8 grid items-start gap-8', !wide && 'lg:grid-cols-[minmax(0,1fr)_20rem]')}>
        <Card flush className="min-w-0 p-5 sm:p-8">
          <p className="text-sm font-semibold text-brand-700 dark:text-brand-300">
            Étape {info.number} sur {STEP_COUNT}
          </p>
          <h2
            ref={heading}
            tabIndex={-1}
            className="mt-1 text-xl font-bold tracking-tight text-slate-900 outline-none sm:text-2xl dark:text-white"
          >
            {info.title}
          </h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{DESCRIPTIONS[wizard.step]}</p>

          <FormProvider {...form}>
            <form onSubmit={onSubmit} noValidate className="mt-8" aria-label={info.title}>
              {wizard.step === '1' ? <GeneralStep emailLocked={account !== null} tlds={options?.domainTlds ?? DOMAIN_TLDS} /> : null}
              {wizard.step === '1.5' ? <ChoiceStep prefersCall={wizard.prefersCall} onChoose={choose} /> : null}
              {wizard.step === '2' ? <ContentStep /> : null}
              {wizard.step === '3' ? (
                <DesignStep
                  photos={
                    <PhotoPicker
                      photos={photos.photos}
                      rules={photoRules}
                      rejected={photos.rejected}
                      onAdd={photos.add}
                      onRemove={(key) => void photos.remove(key)}
                      onRetry={photos.retry}
                    />
                  }
                  colors={options?.colors ?? []}
                  styles={options?.styles ?? []}
                  businessFeatures={options?.businessFeatures ?? []}
                  prices={{
                    businessExtraCents: businessExtra,
                    logoCents: price('logo'),
                    googleBusinessCents: price('googleBusiness'),
                    trustpilotCents: price('trustpilot'),
                    extraEmailCents: price('extraEmail'),
                  }}
                />
              ) : null}
              {wizard.step === '4' ? (
                <RecapStep
                  recap={recap}
                  prefersCall={wizard.prefersCall}
                  photoCount={photos.storedCount}
                  plans={plans}
                  colors={options?.colors ?? []}
                  styles={options?.styles ?? []}
                  businessFeatures={options?.businessFeatures ?? []}
                />
              ) : null}

              <div className="mt-10 flex flex-col-reverse gap-4 border-t border-slate-200 pt-6 sm:flex-row sm:items-start sm:justify-between dark:border-slate-800">
                <div className="flex flex-col-reverse gap-3 sm:min-h-12 sm:flex-row sm:items-center">
                  {wizard.step !== '1' ? (
                    <Button variant="secondary" size="lg" onClick={back}>
                      Retour
                    </Button>
                  ) : null}
                  <SaveStatus sync={sync} />
                </div>
                {wizard.step === '1' || wizard.step === '2' || wizard.step === '3' ? (
                  <div className="flex flex-col items-stretch gap-2 sm:items-end">
                    <Button type="submit" size="lg" disabled={!valid} aria-describedby={valid ? undefined : 'order-continue-hint'}>
                      Continuer
                    </Button>
                    {!valid ? (
                      <p id="order-continue-hint" className="text-xs text-slate-500 sm:text-right dark:text-slate-400">
                        Complétez les champs requis pour continuer.
                      </p>
                    ) : null}
                  </div>
                ) : null}
                {wizard.step === '4' ? (
                  <div className="flex flex-col items-stretch gap-2 sm:items-end">
                    <Button type="submit" size="lg" disabled={photos.busy || !localRecap}>
                      Finaliser ma commande
                    </Button>
                    {photos.busy ? <p className="text-xs text-slate-500 dark:text-slate-400">Envoi des photos en cours...</p> : null}
                  </div>
                ) : null}
              </div>
            </form>
          </FormProvider>
        </Card>

        {!wide ? <OrderSummary planName={planName} features={chosenPlan?.features ?? []} recap={recap} /> : null}
      </div>

      {billingOpen ? (
        <BillingDialog
          defaultValues={{ ...billingFromDraft(sync.saved, values), ...(account ? { email: account.email } : {}) }}
          emailLocked={account !== null}
          onSubmit={pay}
          onChange={onBillingChange}
          onClose={() => setBillingOpen(false)}
        />
      ) : null}
    </>
  );
}
