import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router';
import { ApiError } from '../../api/http';
import type { DraftPatch, DraftPhoto, DraftSnapshot } from './draft-model';
import type { OrderDraftApi } from './order-draft-api';
import type { BillingInfoDto } from '../../api/generated/model';
import { computeRecap, defaultOrderValues, emptyBilling, type PlanType } from './order-wizard';
import { OrderWizard, type OrderWizardProps } from './OrderWizard';
import { CONSUMER_REQUEST_LABEL, CONSUMER_REQUEST_REQUIRED } from './BillingDialog';
import { catalogue, makeDraft } from './test-fixtures';

/** An in-memory draft server: what the wizard sent, and photo uploads that wait until released. */
function fakeApi() {
  let draft: DraftSnapshot | null = null;
  const pendingUploads: Array<{
    file: File;
    progress: (f: number) => void;
    resolve: (p: DraftPhoto) => void;
    reject: (e: unknown) => void;
  }> = [];
  const snapshot = (patch?: DraftPatch): DraftSnapshot => {
    const base = draft ?? makeDraft();
    const next = patch
      ? {
          ...base,
          planType: patch.planType,
          prefersCall: patch.prefersCall,
          currentStep: patch.currentStep,
          data: patch.data,
          billing: patch.billing ? ({ ...(base.billing ?? emptyBilling()), ...patch.billing } as BillingInfoDto) : base.billing,
        }
      : base;
    return {
      ...next,
      recap: (computeRecap(catalogue, {
        ...defaultOrderValues(next.planType),
        ...next.data,
        planType: next.planType,
        extraEmails: next.data.extraEmails.map((value) => ({ value })),
      }) ?? undefined) as DraftSnapshot['recap'],
    };
  };
  const api = {
    create: vi.fn(async (planType: PlanType) => (draft = snapshot()) && { ...draft, planType }),
    update: vi.fn(async (_id: string, patch: DraftPatch) => (draft = snapshot(patch))),
    uploadPhoto: vi.fn(
      (_id: string, file: File, { onProgress }: { onProgress: (f: number) => void; signal: AbortSignal }) =>
        new Promise<DraftPhoto>((resolve, reject) => pendingUploads.push({ file, progress: onProgress, resolve, reject })),
    ),
    deletePhoto: vi.fn(async () => undefined),
    checkout: vi.fn(async () => ({ url: 'https://checkout.example/c/cs_1' })),
  } satisfies OrderDraftApi;
  return { api, pendingUploads, lastPatch: () => api.update.mock.calls.at(-1)?.[1] };
}

/** The wizard of a new order on the fake draft server, with what a test sets. */
const wizardOf = (api: OrderDraftApi, redirect: OrderWizardProps['redirect'], props: Partial<OrderWizardProps> = {}) => (
  <OrderWizard
    api={api}
    catalogue={catalogue}
    initialDraft={null}
    plan={null}
    canceled={false}
    account={null}
    redirect={redirect}
    {...props}
  />
);

function renderWizard(props: Partial<OrderWizardProps> = {}, url = '/order') {
  const fake = fakeApi();
  const redirect = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/order', element: wizardOf(fake.api, redirect, props) },
      { path: '/login', element: <p>Page de connexion</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return { ...fake, redirect, router, user: userEvent.setup() };
}

const continueButton = () => screen.getByRole('button', { name: 'Continuer' });
const heading = () => document.querySelector<HTMLHeadingElement>('h2[tabindex="-1"]')!;

async function fillStep1(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nom du site'), 'Boulangerie Martin');
  await user.type(screen.getByLabelText('E-mail'), 'claire@example.com');
}

async function fillStep2(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Présentation de votre activité'), 'Boulangerie artisanale au cœur de Lyon depuis 1990.');
  await user.type(screen.getByRole('textbox', { name: 'Service 1' }), 'Pain au levain');
}

describe('OrderWizard — step 1', () => {
  it('keeps Continue disabled until the site name and the e-mail are valid, with the spec’s messages', async () => {
    const { user } = renderWizard();
    expect(screen.getByRole('heading', { level: 2, name: 'Informations générales' })).toBeInTheDocument();
    expect(screen.getByText('Étape 1 sur 4')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();

    await user.click(screen.getByLabelText('Nom du site'));
    await user.tab();
    expect(await screen.findByText('Le nom du site est requis.')).toBeInTheDocument();

    await user.click(screen.getByLabelText('E-mail'));
    await user.tab();
    expect(await screen.findByText("L'email est requis.")).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'claire@');
    expect(await screen.findByText("Format d'email invalide.")).toBeInTheDocument();

    await user.type(screen.getByLabelText('Téléphone (facultatif)'), '06 12');
    await user.tab();
    expect(await screen.findByText('Numéro trop court.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Téléphone (facultatif)'), ' 34 56 78');
    await waitFor(() => expect(screen.queryByText('Numéro trop court.')).not.toBeInTheDocument());

    await user.type(screen.getByLabelText('Nom du site'), 'B');
    expect(continueButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Nom du site'), 'oulangerie Martin');
    await user.type(screen.getByLabelText('E-mail'), 'example.com');
    expect(continueButton()).toBeEnabled();
  });

  it('announces the next step and moves the focus to its heading', async () => {
    const { user } = renderWizard();
    await fillStep1(user);
    await user.click(continueButton());
    const title = screen.getByRole('heading', { level: 2, name: 'Comment souhaitez-vous continuer ?' });
    expect(title).toHaveFocus();
    expect(screen.getByText('Étape 1 sur 4 : Comment souhaitez-vous continuer ?')).toBeInTheDocument();
  });

  it('prefills the signed-in buyer’s e-mail, read-only', () => {
    renderWizard({ account: { email: 'client@example.com' } });
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveValue('client@example.com');
    expect(email).toHaveAttribute('readonly');
  });
});

describe('OrderWizard — transitions', () => {
  it("1.5: 'Continuer le formulaire' goes to step 2 of 4; back goes to 1.5, then 1", async () => {
    const { user } = renderWizard();
    await fillStep1(user);
    await user.click(continueButton());
    expect(screen.queryByRole('button', { name: 'Continuer' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Continuer le formulaire/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Contenu de votre site' })).toHaveFocus();
    expect(screen.getByText('Étape 2 sur 4')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(heading()).toHaveTextContent('Comment souhaitez-vous continuer ?');
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(heading()).toHaveTextContent('Informations générales');
    // The answers are still there.
    expect(screen.getByLabelText('Nom du site')).toHaveValue('Boulangerie Martin');
  });

  it("1.5: 'Réserver un appel' goes straight to step 4, whose back button returns to 1.5", async () => {
    const { user } = renderWizard();
    await fillStep1(user);
    await user.click(continueButton());
    await user.click(screen.getByRole('button', { name: /Réserver un appel/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Validation et paiement' })).toHaveFocus();
    expect(screen.getByText(/Vous avez choisi de réserver un appel/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(heading()).toHaveTextContent('Comment souhaitez-vous continuer ?');
  });

  it('step 4 goes back to 3 on the form path', async () => {
    const { user } = renderWizard({
      initialDraft: makeDraft({
        currentStep: '4',
        prefersCall: false,
        data: { ...makeDraft().data, siteName: 'Boulangerie Martin', currentEmail: 'c@example.com' },
      }),
    });
    expect(heading()).toHaveTextContent('Validation et paiement');
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(heading()).toHaveTextContent('Design et options');
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(heading()).toHaveTextContent('Contenu de votre site');
  });
});

describe('OrderWizard — the steps in the browser history', () => {
  const search = (router: ReturnType<typeof renderWizard>['router']) => new URLSearchParams(router.state.location.search);

  it('names each step in the URL; Back goes one step back and Forward one step forward, keeping the other parameters', async () => {
    const { user, router } = renderWizard({}, '/order?plan=business');
    await waitFor(() => expect(search(router).get('step')).toBe('1'));
    expect(search(router).get('plan')).toBe('business');
    await fillStep1(user);
    await user.click(continueButton());
    await user.click(screen.getByRole('button', { name: /Continuer le formulaire/ }));
    await waitFor(() => expect(search(router).get('step')).toBe('2'));

    await act(() => router.navigate(-1));
    expect(heading()).toHaveTextContent('Comment souhaitez-vous continuer ?');
    await act(() => router.navigate(-1));
    expect(heading()).toHaveTextContent('Informations générales');
    expect(screen.getByLabelText('Nom du site')).toHaveValue('Boulangerie Martin');
    await act(() => router.navigate(1));
    expect(heading()).toHaveTextContent('Comment souhaitez-vous continuer ?');
    await act(() => router.navigate(1));
    expect(heading()).toHaveTextContent('Contenu de votre site');
    expect(search(router).get('plan')).toBe('business');
  });

  it('Back pressed before React rendered the new step’s entry still goes back (the router renders in transitions)', async () => {
    // The browser's router, on jsdom's history: the wizard's entry for step 2 is left by Back (emulated at once, as a
    // browser does, with the entry's state and a popstate) before React rendered it, so React renders the two router
    // updates as one, with the URL's step unchanged (?step=1.5).
    window.history.replaceState(null, '', '/order');
    const router = createBrowserRouter([{ path: '/order', element: wizardOf(fakeApi().api, vi.fn()) }]);
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await fillStep1(user);
    await user.click(continueButton());
    await waitFor(() => expect(search(router).get('step')).toBe('1.5'));

    const pushState = window.history.pushState.bind(window.history);
    const spy = vi.spyOn(window.history, 'pushState').mockImplementation((state: unknown, unused: string, url?: string | URL | null) => {
      const before = { state: window.history.state as unknown, url: window.location.href };
      pushState(state, unused, url);
      queueMicrotask(() => {
        window.history.replaceState(before.state, '', before.url);
        window.dispatchEvent(new PopStateEvent('popstate', { state: before.state }));
      });
    });
    // Outside act(), React renders as in a browser: the router's updates wait for its scheduler, after the microtasks.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      screen.getByRole('button', { name: /Continuer le formulaire/ }).click();
      await waitFor(() => expect(spy).toHaveBeenCalled());
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
      spy.mockRestore();
    }

    await waitFor(() => expect(heading()).toHaveTextContent('Comment souhaitez-vous continuer ?'));
    expect(new URLSearchParams(window.location.search).get('step')).toBe('1.5');
    expect(search(router).get('step')).toBe('1.5');
    router.dispose();
  });

  it('never shows a step whose earlier answers are missing: a link to step 3 of an empty order opens step 1', async () => {
    const { router } = renderWizard({}, '/order?step=3');
    expect(heading()).toHaveTextContent('Informations générales');
    await waitFor(() => expect(search(router).get('step')).toBe('1'));
  });

  it('a reload lands on the step of the URL when the answers reach it, and no further than they do', async () => {
    const data = { ...makeDraft().data, siteName: 'Boulangerie Martin', currentEmail: 'claire@example.com' };
    renderWizard({ initialDraft: makeDraft({ currentStep: '3', prefersCall: false, data }) }, '/order?step=1.5');
    expect(heading()).toHaveTextContent('Comment souhaitez-vous continuer ?');
    cleanup();
    // Step 2 is not complete (no description, no service): step 3 is not reachable yet.
    const { router } = renderWizard({ initialDraft: makeDraft({ currentStep: '3', prefersCall: false, data }) }, '/order?step=3');
    expect(heading()).toHaveTextContent('Contenu de votre site');
    await waitFor(() => expect(search(router).get('step')).toBe('2'));
  });

  it('sends a buyer who chose the call to step 4 rather than the form steps they skipped', async () => {
    const data = { ...makeDraft().data, siteName: 'Boulangerie Martin', currentEmail: 'claire@example.com' };
    renderWizard({ initialDraft: makeDraft({ currentStep: '4', prefersCall: true, data }) }, '/order?step=2');
    expect(heading()).toHaveTextContent('Validation et paiement');
  });
});

describe('OrderWizard — step 2', () => {
  async function atStep2() {
    const ctx = renderWizard({ initialDraft: makeDraft({ currentStep: '2', prefersCall: false }) });
    expect(heading()).toHaveTextContent('Contenu de votre site');
    return ctx;
  }

  it('needs 30 characters about the business and one service', async () => {
    const { user } = await atStep2();
    expect(continueButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Présentation de votre activité'), 'Trop court');
    await user.tab();
    expect(await screen.findByText('Décrivez au moins 30 caractères.')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Service 1' }));
    await user.tab();
    expect(await screen.findByText('Ajoutez au moins un service.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Présentation de votre activité'), ' : boulangerie artisanale à Lyon.');
    await user.type(screen.getByRole('textbox', { name: 'Service 1' }), 'Pain au levain');
    expect(screen.queryByText('Décrivez au moins 30 caractères.')).not.toBeInTheDocument();
    expect(screen.queryByText('Ajoutez au moins un service.')).not.toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
  });

  it('grows and shrinks the services; a remove button only when more than one', async () => {
    const { user } = await atStep2();
    expect(screen.queryByRole('button', { name: 'Retirer : Service 1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter un service' }));
    await user.click(screen.getByRole('button', { name: 'Ajouter un service' }));
    expect(screen.getAllByRole('textbox', { name: /^Service \d$/ })).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: 'Service 3' })).toHaveFocus();
    expect(screen.getAllByRole('button', { name: /^Retirer : Service/ })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Retirer : Service 2' }));
    await user.click(screen.getByRole('button', { name: 'Retirer : Service 1' }));
    expect(screen.getAllByRole('textbox', { name: /^Service \d$/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Retirer : Service/ })).not.toBeInTheDocument();
  });

  it('numbers the invalid social links', async () => {
    const { user } = await atStep2();
    await fillStep2(user);
    await user.click(screen.getByRole('button', { name: 'Ajouter un lien' }));
    await user.type(screen.getByRole('textbox', { name: 'Lien 1' }), 'https://www.instagram.com/martin');
    await user.type(screen.getByRole('textbox', { name: 'Lien 2' }), 'facebook.com/martin');
    await user.tab();
    expect(await screen.findByText('Lien n°2 invalide.')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Lien 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Lien 2' }), 'https://facebook.com/martin');
    expect(screen.queryByText('Lien n°2 invalide.')).not.toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
    await user.click(continueButton());
    expect(heading()).toHaveTextContent('Design et options');
  });
});

describe('OrderWizard — step 3', () => {
  const atStep3 = (overrides: Partial<DraftSnapshot> = {}) =>
    renderWizard({ initialDraft: makeDraft({ currentStep: '3', prefersCall: false, ...overrides }) });
  const jpg = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

  it('offers the 8 colours and 4 styles of the catalogue; the business options with the toggle', async () => {
    const { user } = atStep3();
    expect(screen.getByText('Étape 3 sur 4')).toBeInTheDocument();
    const colours = within(screen.getByRole('group', { name: /Couleur dominante/ })).getAllByRole('radio');
    expect(colours).toHaveLength(8);
    expect(
      within(screen.getByRole('group', { name: /Style souhaité/ }))
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Moderne', 'Classique', 'Élégant', 'Coloré']);
    await user.click(screen.getByRole('radio', { name: 'Vert' }));
    expect(screen.getByRole('radio', { name: 'Vert' })).toBeChecked();

    expect(screen.queryByRole('group', { name: /Fonctionnalités Business/ })).not.toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Formule Business' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('+30 €/mois')).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('checkbox', { name: /Réservation en ligne/ }));
    expect(screen.getByRole('checkbox', { name: /Réservation en ligne/ })).toBeChecked();
  });

  it('uploads photos with their progress, refuses the wrong ones in French, deletes one by one', async () => {
    const { user, api, pendingUploads } = atStep3({
      photos: [
        {
          id: 'p0',
          name: 'vitrine.jpg',
          size: 2048,
          contentType: 'image/jpeg',
          url: '/api/order-photos/p0?sig=x',
          thumbnailUrl: '/api/order-photos/p0?size=thumb&sig=y',
        },
      ],
    });
    expect(screen.getByText('vitrine.jpg')).toBeInTheDocument();
    // The grid shows the thumbnail, not the photo itself.
    expect(screen.getByText('vitrine.jpg').closest('li')!.querySelector('img')).toHaveAttribute(
      'src',
      '/api/order-photos/p0?size=thumb&sig=y',
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    // As a drop would: the picker's accept filter does not apply.
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, [jpg('four.jpg'), new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }), jpg('grand.jpg', 5 * 1024 * 1024 + 1)]);

    expect(screen.getByText("« anim.gif » n'est pas une image JPG ou PNG.")).toBeInTheDocument();
    expect(screen.getByText('« grand.jpg » dépasse 5 Mo.')).toBeInTheDocument();
    await waitFor(() => expect(api.uploadPhoto).toHaveBeenCalledTimes(1));
    expect(api.uploadPhoto.mock.calls[0][0]).toBe('draft-1');

    act(() => pendingUploads[0].progress(0.4));
    expect(screen.getByRole('progressbar', { name: 'Envoi de four.jpg' })).toHaveAttribute('aria-valuenow', '40');
    await act(async () =>
      pendingUploads[0].resolve({
        id: 'p1',
        name: 'four.jpg',
        size: 1000,
        contentType: 'image/jpeg',
        url: '/p1',
        thumbnailUrl: '/p1-thumb',
      }),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('2 / 10 photos')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Supprimer la photo vitrine.jpg' }));
    expect(api.deletePhoto).toHaveBeenCalledWith('draft-1', 'p0');
    expect(screen.queryByText('vitrine.jpg')).not.toBeInTheDocument();
    expect(screen.getByText('four.jpg')).toBeInTheDocument();
  });

  it("says the server's refusal of a photo once, and takes it out of the grid and the count", async () => {
    const { user, pendingUploads } = atStep3();
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, [jpg('faux.jpg'), jpg('vraie.jpg')]);
    await waitFor(() => expect(pendingUploads).toHaveLength(2));
    expect(screen.getByText('2 / 10 photos')).toBeInTheDocument();
    await act(async () =>
      pendingUploads[0].reject(new ApiError(400, { statusCode: 400, message: 'Seules les images JPG et PNG sont acceptées.' })),
    );
    expect(screen.getByText('« faux.jpg » : Seules les images JPG et PNG sont acceptées.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
    expect(screen.queryByText('faux.jpg')).not.toBeInTheDocument();
    expect(screen.getByText('1 / 10 photo')).toBeInTheDocument();
  });

  it('keeps a photo whose upload failed on the way, with a Réessayer that sends it again', async () => {
    const { user, pendingUploads } = atStep3();
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, jpg('vitrine.jpg'));
    await waitFor(() => expect(pendingUploads).toHaveLength(1));
    await act(async () => pendingUploads[0].reject(new ApiError(0, undefined, 'Connexion impossible')));
    expect(screen.getByText('vitrine.jpg')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(pendingUploads).toHaveLength(2));
    expect(pendingUploads[1].file.name).toBe('vitrine.jpg');
  });

  it('stops at 10 photos', async () => {
    const photos = Array.from({ length: 9 }, (_, i) => ({
      id: `p${i}`,
      name: `photo-${i}.jpg`,
      size: 10,
      contentType: 'image/jpeg' as const,
      url: `/p${i}`,
      thumbnailUrl: `/p${i}-thumb`,
    }));
    const { user } = atStep3({ photos });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, [jpg('dixieme.jpg'), jpg('onzieme.jpg')]);
    expect(screen.getByText("10 photos au maximum : « onzieme.jpg » n'a pas été ajoutée.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter des photos' })).toBeDisabled();
  });
});

describe('OrderWizard — step 4 and billing', () => {
  const filled = () =>
    makeDraft({
      currentStep: '4',
      prefersCall: false,
      data: {
        ...makeDraft().data,
        siteName: 'Boulangerie Martin',
        currentEmail: 'claire@example.com',
        phone: '06 12 34 56 78',
        logoOption: 'create',
        includeGoogleBusiness: true,
        extraEmails: ['devis', 'compta'],
      },
    });

  it('shows the recap: the first month with the logo, then each month without it, in euros', async () => {
    renderWizard({ initialDraft: filled() });
    expect(screen.getByText('Étape 4 sur 4')).toBeInTheDocument();
    // 29 + 15 + 10 + 2 × 1 ; then 29 + 10 + 2
    expect(screen.getByTestId('recap-first-month')).toHaveTextContent('56 €');
    expect(screen.getByTestId('recap-monthly')).toHaveTextContent('41 €');
    expect(screen.getByText('Adresse e-mail professionnelle supplémentaire × 2')).toBeInTheDocument();
  });

  it("says 'domaine à définir' for the extra addresses of an order without a domain, never an invented one", () => {
    renderWizard({ initialDraft: filled() });
    expect(screen.getByText('devis, compta (domaine à définir)')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/votre-domaine|@domaine/);
    cleanup();
    const draft = filled();
    renderWizard({ initialDraft: { ...draft, data: { ...draft.data, domainName: 'boulangerie-martin.fr' } } });
    expect(screen.getByText('devis@boulangerie-martin.fr, compta@boulangerie-martin.fr')).toBeInTheDocument();
  });

  it('switching to Business on step 4 changes the recap', async () => {
    const { user } = renderWizard({ initialDraft: filled() });
    await user.click(screen.getByRole('radio', { name: /Business/ }));
    expect(screen.getByTestId('recap-first-month')).toHaveTextContent('86 €');
    expect(screen.getByTestId('recap-monthly')).toHaveTextContent('71 €');
  });

  it("'Finaliser ma commande' opens the billing dialog, which says what each field needs", async () => {
    const { user, api } = renderWizard({ initialDraft: filled() });
    await user.click(screen.getByRole('button', { name: 'Finaliser ma commande' }));
    const dialog = screen.getByRole('dialog', { name: 'Informations de facturation' });
    // Prefilled from step 1.
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue('claire@example.com');
    expect(within(dialog).getByLabelText('Téléphone (facultatif)')).toHaveValue('06 12 34 56 78');
    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.click(within(dialog).getByRole('button', { name: 'Procéder au paiement' }));

    expect(await within(dialog).findByText('Le nom complet est requis.')).toBeInTheDocument();
    expect(within(dialog).getByText("L'email est requis.")).toBeInTheDocument();
    expect(within(dialog).getByText("L'adresse est requise.")).toBeInTheDocument();
    expect(within(dialog).getByText('La ville est requise.')).toBeInTheDocument();
    expect(within(dialog).getByText('Le code postal est requis.')).toBeInTheDocument();
    expect(within(dialog).getByText(CONSUMER_REQUEST_REQUIRED)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('E-mail'), 'claire@');
    expect(await within(dialog).findByText("Format d'email invalide.")).toBeInTheDocument();
    expect(api.checkout).not.toHaveBeenCalled();
  });

  async function fillBilling(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    await user.type(within(dialog).getByLabelText('Nom complet'), 'Claire Martin');
    await user.type(within(dialog).getByLabelText('Adresse'), '12 rue de la République');
    await user.type(within(dialog).getByLabelText('Code postal'), '69002');
    await user.type(within(dialog).getByLabelText('Ville'), 'Lyon');
    await user.click(within(dialog).getByRole('checkbox', { name: CONSUMER_REQUEST_LABEL }));
  }

  it('a private individual must ask for the work to start now, which the checkout carries; a company is not asked', async () => {
    const { user, api, redirect } = renderWizard({ initialDraft: filled() });
    await user.click(screen.getByRole('button', { name: 'Finaliser ma commande' }));
    const dialog = screen.getByRole('dialog');
    await fillBilling(user, dialog);
    const box = within(dialog).getByRole('checkbox', { name: CONSUMER_REQUEST_LABEL });
    await user.click(box);
    expect(box).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Procéder au paiement' }));
    expect(await within(dialog).findByText(CONSUMER_REQUEST_REQUIRED)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.checkout).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('link', { name: 'conditions applicables aux consommateurs' })).toHaveAttribute(
      'href',
      '/cgv#consommateurs',
    );

    await user.click(box);
    expect(within(dialog).queryByText(CONSUMER_REQUEST_REQUIRED)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Procéder au paiement' }));
    await waitFor(() => expect(redirect).toHaveBeenCalled());
    expect(api.checkout).toHaveBeenCalledWith('draft-1', expect.objectContaining({ buyerType: 'individual' }), true);
  });

  it('asks a company for no consumer request', async () => {
    const { user } = renderWizard({ initialDraft: filled() });
    await user.click(screen.getByRole('button', { name: 'Finaliser ma commande' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: CONSUMER_REQUEST_LABEL })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /Entreprise/ }));
    expect(within(dialog).queryByRole('checkbox', { name: CONSUMER_REQUEST_LABEL })).not.toBeInTheDocument();
  });

  it('pays: saves the draft, opens the checkout with the draft and the billing, and leaves for it', async () => {
    const { user, api, redirect } = renderWizard({ initialDraft: filled() });
    await user.click(screen.getByRole('button', { name: 'Finaliser ma commande' }));
    const dialog = screen.getByRole('dialog');
    await fillBilling(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Procéder au paiement' }));

    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.example/c/cs_1'));
    expect(api.checkout).toHaveBeenCalledWith(
      'draft-1',
      {
        fullName: 'Claire Martin',
        email: 'claire@example.com',
        phone: '06 12 34 56 78',
        address: '12 rue de la République',
        city: 'Lyon',
        postalCode: '69002',
        buyerType: 'individual',
        companyName: '',
        siren: '',
        vatNumber: '',
      },
      true,
    );
    // The billing was saved with the draft before paying.
    expect(api.update.mock.calls.at(-1)?.[1].billing).toMatchObject({ fullName: 'Claire Martin', city: 'Lyon' });
    expect(within(dialog).getByRole('button', { name: 'Redirection vers le paiement...' })).toBeDisabled();
  });

  it('puts the existing-account conflict under the e-mail, with a link to sign in that comes back to the order', async () => {
    const { user, api, router } = renderWizard({ initialDraft: filled() });
    api.checkout.mockRejectedValueOnce(
      new ApiError(409, {
        statusCode: 409,
        message: 'Un compte existe déjà avec cet email : connectez-vous pour commander.',
        errors: { email: 'Un compte existe déjà avec cet email : connectez-vous pour commander.' },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Finaliser ma commande' }));
    const dialog = screen.getByRole('dialog');
    await fillBilling(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Procéder au paiement' }));

    expect(await within(dialog).findByText('Un compte existe déjà avec cet email : connectez-vous pour commander.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('link', { name: 'Se connecter' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: { pathname: '/order', search: '', hash: '' } });
  });

  it('a company: its name is required, and the server’s SIREN and VAT messages show under their fields', async () => {
    const { user, api } = renderWizard({ initialDraft: filled() });
    await user.click(screen.getByRole('button', { name: 'Finaliser ma commande' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByLabelText('Raison sociale')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /Entreprise/ }));
    await user.type(within(dialog).getByLabelText('Nom complet du contact'), 'Claire Martin');
    await user.type(within(dialog).getByLabelText('Adresse'), '12 rue de la République');
    await user.type(within(dialog).getByLabelText('Code postal'), '69002');
    await user.type(within(dialog).getByLabelText('Ville'), 'Lyon');
    await user.click(within(dialog).getByRole('button', { name: 'Procéder au paiement' }));
    expect(await within(dialog).findByText("Le nom de l'entreprise est requis.")).toBeInTheDocument();
    expect(api.checkout).not.toHaveBeenCalled();

    api.checkout.mockRejectedValueOnce(
      new ApiError(400, {
        statusCode: 400,
        message: 'Données invalides',
        errors: {
          'billing.siren': 'SIREN invalide : 9 chiffres avec une clé de contrôle correcte.',
          'billing.vatNumber': 'Le numéro de TVA ne correspond pas au SIREN.',
        },
      }),
    );
    await user.type(within(dialog).getByLabelText('Raison sociale'), 'Martin SARL');
    await user.type(within(dialog).getByLabelText('SIREN (facultatif)'), '732829321');
    await user.type(within(dialog).getByLabelText('N° de TVA intracommunautaire (facultatif)'), 'FR65912345675');
    await user.click(within(dialog).getByRole('button', { name: 'Procéder au paiement' }));
    expect(await within(dialog).findByText('SIREN invalide : 9 chiffres avec une clé de contrôle correcte.')).toBeInTheDocument();
    expect(within(dialog).getByText('Le numéro de TVA ne correspond pas au SIREN.')).toBeInTheDocument();
    expect(api.checkout).toHaveBeenCalledWith(
      'draft-1',
      expect.objectContaining({ buyerType: 'company', companyName: 'Martin SARL', siren: '732829321', vatNumber: 'FR65912345675' }),
      false,
    );
  });

  it('shows the payment error when the checkout cannot be opened', async () => {
    const { user, api, redirect } = renderWizard({ initialDraft: filled() });
    api.checkout.mockRejectedValueOnce(new ApiError(503, { statusCode: 503, message: 'Paiement indisponible' }));
    await user.click(screen.getByRole('button', { name: 'Finaliser ma commande' }));
    const dialog = screen.getByRole('dialog');
    await fillBilling(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Procéder au paiement' }));
    expect(await within(dialog).findByText('Une erreur est survenue lors du paiement. Veuillez réessayer.')).toBeInTheDocument();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('locks the billing e-mail to the account when signed in', async () => {
    const { user } = renderWizard({ initialDraft: filled(), account: { email: 'client@example.com' } });
    await user.click(screen.getByRole('button', { name: 'Finaliser ma commande' }));
    const email = within(screen.getByRole('dialog')).getByLabelText('E-mail');
    expect(email).toHaveValue('client@example.com');
    expect(email).toHaveAttribute('readonly');
  });
});

describe('OrderWizard — the draft', () => {
  it('creates the draft on the first save and saves the answers as they change', async () => {
    const { user, api, lastPatch } = renderWizard({ plan: 'business' });
    await user.type(screen.getByLabelText('Nom du site'), 'Garage Dupont');
    await waitFor(() => expect(api.update).toHaveBeenCalled(), { timeout: 3000 });
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(api.create).toHaveBeenCalledWith('business');
    expect(lastPatch()).toMatchObject({
      planType: 'business',
      currentStep: '1',
      data: { siteName: 'Garage Dupont' },
    });
    expect(await screen.findByText('Brouillon enregistré')).toBeInTheDocument();
  });

  it('saves the step and the choice at once on each transition', async () => {
    const { user, api, lastPatch } = renderWizard();
    await fillStep1(user);
    await user.click(continueButton());
    await waitFor(() => expect(lastPatch()).toMatchObject({ currentStep: '1.5', prefersCall: null }));
    await user.click(screen.getByRole('button', { name: /Réserver un appel/ }));
    await waitFor(() => expect(lastPatch()).toMatchObject({ currentStep: '4', prefersCall: true }));
    expect(api.create).toHaveBeenCalledTimes(1);
  });

  it('resumes a draft where it was, with its answers and photos; plan=business turns the toggle on', async () => {
    renderWizard({
      plan: 'business',
      initialDraft: makeDraft({
        currentStep: '3',
        prefersCall: false,
        data: { ...makeDraft().data, siteName: 'Boulangerie Martin', services: ['Pain', 'Viennoiseries'] },
        photos: [{ id: 'p1', name: 'four.jpg', size: 10, contentType: 'image/jpeg', url: '/p1', thumbnailUrl: '/p1-thumb' }],
      }),
    });
    expect(heading()).toHaveTextContent('Design et options');
    expect(screen.getByText('four.jpg')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Formule Business' })).toHaveAttribute('aria-checked', 'true');
  });

  it('says why a change is not saved when the order was paid meanwhile (the server’s French sentence), and keeps it to retry', async () => {
    const { user, api } = renderWizard({
      initialDraft: makeDraft({ currentStep: '1', data: { ...makeDraft().data, siteName: 'Boulangerie Martin' } }),
    });
    api.update.mockRejectedValueOnce(
      new ApiError(409, { statusCode: 409, message: 'Cette commande vient d’être payée : elle ne peut plus être modifiée.' }),
    );
    await user.type(screen.getByLabelText('Nom du site'), ' Lyon');
    expect(
      await screen.findByText(
        /Enregistrement impossible : Cette commande vient d’être payée : elle ne peut plus être modifiée\./,
        undefined,
        {
          timeout: 3000,
        },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('after a cancelled payment shows the error with the draft intact', () => {
    renderWizard({
      canceled: true,
      initialDraft: makeDraft({
        currentStep: '4',
        prefersCall: false,
        data: { ...makeDraft().data, siteName: 'Boulangerie Martin', currentEmail: 'c@example.com' },
      }),
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Une erreur est survenue lors du paiement. Veuillez réessayer.');
    expect(heading()).toHaveTextContent('Validation et paiement');
    expect(screen.getByText('Boulangerie Martin')).toBeInTheDocument();
  });
});
