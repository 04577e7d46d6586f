import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SiteSubscriptionDto, SiteWithdrawalDto } from '../../api/generated/model';
import { catalogueAnswer, givenSessionCookie, jsonResponse, makeSession, mockApi, type RecordedCall, renderApp } from '../../test/utils';
import { WITHDRAWAL_STATEMENT } from './WithdrawalSection';

const SITE_ID = '22222222-2222-4222-8222-222222222222';
const MANAGE = `/dashboard/sites/${SITE_ID}/manage`;
const WITHDRAWAL = `/api/sites/${SITE_ID}/withdrawal`;

const subscription: SiteSubscriptionDto = {
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  statusLabel: 'Actif',
  plan: 'pro',
  planLabel: 'Pro (29\u00a0€/mois)',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-12-20T10:00:00.000Z',
  endedAt: null,
  canCancel: true,
  canReactivate: false,
  canChangePlan: true,
  canChangeCard: true,
  canRestart: false,
  paymentIssue: null,
};

const offered: SiteWithdrawalDto = {
  available: true,
  consumer: true,
  orderedAt: '2026-11-20T10:00:00.000Z',
  withdrawableUntil: '2026-12-04T10:00:00.000Z',
  fullName: 'Jeanne Martin',
  address: '3 place du Marché, 69001 Lyon',
  withdrawal: null,
};

const received: SiteWithdrawalDto = {
  ...offered,
  available: false,
  withdrawal: {
    withdrawnAt: '2026-11-22T09:00:00.000Z',
    fullName: 'Jeanne Martin',
    address: '3 place du Marché, 69001 Lyon',
    paidCents: 2900,
    dueCents: 290,
    refundCents: 2900,
  },
};

function manage(withdrawal: SiteWithdrawalDto | null, handlers: Record<string, (call: RecordedCall) => Response> = {}) {
  givenSessionCookie();
  const api = mockApi({
    'POST /api/auth/refresh': () => jsonResponse(200, makeSession()),
    'GET /api/catalogue': () => jsonResponse(200, catalogueAnswer),
    [`GET /api/sites/${SITE_ID}/subscription`]: () => jsonResponse(200, { subscription }),
    ...(withdrawal ? { [`GET ${WITHDRAWAL}`]: () => jsonResponse(200, withdrawal) } : {}),
    ...handlers,
  });
  renderApp(MANAGE);
  return api;
}

const sent = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.url === WITHDRAWAL);

describe('Withdrawal (droit de rétractation)', () => {
  it('offers the model form to a consumer within 14 days, sent only after the confirmation dialog', async () => {
    const user = userEvent.setup();
    const { calls } = manage(offered, { [`POST ${WITHDRAWAL}`]: () => jsonResponse(200, received) });
    const form = await screen.findByRole('form', { name: 'Formulaire de rétractation' });
    expect(screen.getByRole('heading', { name: 'Droit de rétractation' })).toBeInTheDocument();
    expect(screen.getByText(/jusqu’au/)).toHaveTextContent('jusqu’au 04/12/2026');
    expect(within(form).getByText(`${WITHDRAWAL_STATEMENT} :`)).toBeInTheDocument();
    expect(within(form).getByText('Commandé le').nextElementSibling).toHaveTextContent('20/11/2026');
    expect(within(form).getByLabelText('Nom du consommateur')).toHaveValue('Jeanne Martin');
    expect(within(form).getByLabelText('Adresse du consommateur')).toHaveValue('3 place du Marché, 69001 Lyon');

    await user.click(within(form).getByRole('button', { name: 'Envoyer ma rétractation' }));
    const dialog = screen.getByRole('dialog', { name: 'Vous rétracter de ce contrat ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Garder mon abonnement' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent(calls)).toEqual([]);

    await user.clear(within(form).getByLabelText('Nom du consommateur'));
    await user.type(within(form).getByLabelText('Nom du consommateur'), 'Jeanne Martin-Durand');
    await user.click(within(form).getByRole('button', { name: 'Envoyer ma rétractation' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmer ma rétractation' }));
    await waitFor(() =>
      expect(sent(calls).map((c) => c.body)).toEqual([{ fullName: 'Jeanne Martin-Durand', address: '3 place du Marché, 69001 Lyon' }]),
    );
    expect(await screen.findByText(/Votre rétractation a été reçue le 22\/11\/2026/)).toHaveTextContent(
      /29,00\s€ vous sont remboursés sur le moyen de paiement utilisé pour la commande/,
    );
    expect(screen.queryByRole('form', { name: 'Formulaire de rétractation' })).not.toBeInTheDocument();
  });

  it('asks for the name and the address before confirming', async () => {
    const user = userEvent.setup();
    const { calls } = manage({ ...offered, fullName: '', address: '' });
    const form = await screen.findByRole('form', { name: 'Formulaire de rétractation' });
    await user.click(within(form).getByRole('button', { name: 'Envoyer ma rétractation' }));
    expect(screen.getByText('Votre nom est requis')).toBeInTheDocument();
    expect(screen.getByText('Votre adresse est requise')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent(calls)).toEqual([]);
  });

  it('says the server’s refusal in its words (the 14 days over meanwhile)', async () => {
    const user = userEvent.setup();
    const refusal = 'Le délai de rétractation de 14 jours a expiré le 4 décembre 2026.';
    manage(offered, { [`POST ${WITHDRAWAL}`]: () => jsonResponse(409, { statusCode: 409, message: refusal }) });
    const form = await screen.findByRole('form', { name: 'Formulaire de rétractation' });
    await user.click(within(form).getByRole('button', { name: 'Envoyer ma rétractation' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmer ma rétractation' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('is not offered to a company, nor after the 14 days', async () => {
    manage({ ...offered, available: false, consumer: false, orderedAt: null, withdrawableUntil: null, fullName: '', address: '' });
    expect(await screen.findByText('Actif')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Droit de rétractation' })).not.toBeInTheDocument();
  });

  it('shows the acknowledgement once sent', async () => {
    manage(received);
    expect(await screen.findByText(/Votre rétractation a été reçue le 22\/11\/2026/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Formulaire de rétractation' })).not.toBeInTheDocument();
  });
});
