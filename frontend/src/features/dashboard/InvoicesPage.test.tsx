import { screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { givenSessionCookie, jsonResponse, makeSession, mockApi, renderApp } from '../../test/utils';

const SITE_A = '11111111-1111-4111-8111-111111111111';
const SITE_B = '22222222-2222-4222-8222-222222222222';
const LEGAL_ID = '33333333-3333-4333-8333-333333333333';
const CREDIT_ID = '44444444-4444-4444-8444-444444444444';

const site = (id: string, siteName: string) => ({
  id,
  siteName,
  domain: null,
  status: 'active',
  type: 'pro',
  paymentState: 'current',
  paymentStateSince: null,
  progression: { started: true, designOk: true, devOk: true, seoOk: true, technoReview: true },
  createdAt: '2026-09-01T10:00:00.000Z',
  updatedAt: '2026-09-01T10:00:00.000Z',
});

const invoice = (overrides: Record<string, unknown>) => ({
  id: 'inv-00000001',
  number: 'F-2026-0001',
  date: '2026-11-12T10:00:00.000Z',
  amountCents: 2900,
  status: 'paid',
  description: 'Abonnement Pro',
  pdfUrl: null,
  hostedUrl: null,
  legalDocuments: [],
  paymentFailed: false,
  refundedCents: 0,
  siteId: SITE_A,
  siteName: 'Boulangerie Martin',
  ...overrides,
});

function signedIn() {
  givenSessionCookie();
  return mockApi({
    'POST /api/auth/refresh': () => jsonResponse(200, makeSession()),
    'GET /api/sites': () => jsonResponse(200, { sites: [site(SITE_A, 'Boulangerie Martin'), site(SITE_B, 'Garage Dupont')], total: 2 }),
    [`GET /api/billing/legal-invoices/${LEGAL_ID}/pdf`]: () =>
      new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    'GET /api/billing/invoices': () =>
      jsonResponse(200, {
        invoices: [
          invoice({}),
          invoice({ id: 'inv-2', number: 'F-2026-0002', status: 'open', paymentFailed: true, hostedUrl: 'https://pay.example/i/2' }),
          invoice({
            id: 'inv-3',
            number: 'SBX-0003',
            refundedCents: 2900,
            siteId: null,
            siteName: null,
            pdfUrl: 'https://pay.example/i/3.pdf',
            legalDocuments: [
              { id: LEGAL_ID, kind: 'invoice', number: 'F-2026-000003' },
              { id: CREDIT_ID, kind: 'credit_note', number: 'AV-2026-000001' },
            ],
          }),
        ],
        total: 3,
      }),
  });
}

describe('Invoices', () => {
  it("shows the site, the status labels and 'Régler maintenant' on a failed open invoice", async () => {
    signedIn();
    renderApp('/dashboard/invoices');
    const table = await screen.findByRole('table', { name: 'Factures' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[0])[2]).toBe('Boulangerie Martin');
    expect(cells(rows[0])[4]).toBe('Payée');
    expect(cells(rows[1])[4]).toBe('Échouée');
    expect(within(rows[1]).getByRole('link', { name: 'Régler maintenant' })).toHaveAttribute('href', 'https://pay.example/i/2');
    expect(within(rows[0]).queryByRole('link', { name: 'Régler maintenant' })).not.toBeInTheDocument();
    expect(cells(rows[2])[2]).toBe('—');
    expect(cells(rows[2])[4]).toBe('Remboursée');
  });

  it("shows the legal number and offers 'Facture (PDF)' and the credit note beside Stripe's receipt; the file comes with the session", async () => {
    const user = userEvent.setup();
    const { calls } = signedIn();
    const created = vi.fn(() => 'blob:facture');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    renderApp('/dashboard/invoices');
    const table = await screen.findByRole('table', { name: 'Factures' });
    const row = within(table).getAllByRole('row')[3];
    expect(within(row).getAllByRole('cell')[0].textContent).toBe('F-2026-000003');
    expect(within(row).getByRole('link', { name: 'Reçu Stripe' })).toHaveAttribute('href', 'https://pay.example/i/3.pdf');
    expect(within(row).getByRole('button', { name: 'Avoir AV-2026-000001 (PDF)' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Facture F-2026-000003 (PDF)' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const download = calls.find((c) => c.url.includes(`/legal-invoices/${LEGAL_ID}/pdf`))!;
    expect(download.headers.get('Authorization')).toMatch(/^Bearer /);
    // A payment without a legal invoice yet shows Stripe's number.
    expect(within(within(table).getAllByRole('row')[1]).getAllByRole('cell')[0].textContent).toBe('F-2026-0001');
  });

  it("filters by site, kept in the address ('Tous les sites' clears it)", async () => {
    const user = userEvent.setup();
    const { calls } = signedIn();
    const { router } = renderApp(`/dashboard/invoices?siteId=${SITE_B}`);
    const select = await screen.findByRole('combobox', { name: 'Site' });
    await waitFor(() => expect(select).toHaveValue(SITE_B));
    const invoiceQuery = () => new URL(calls.filter((c) => c.url.startsWith('/api/billing/invoices')).at(-1)!.url, 'http://x').searchParams;
    expect(invoiceQuery().get('siteId')).toBe(SITE_B);
    // Until the sites have loaded, the chosen site is kept by an option of its own ("Site sélectionné").
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Tous les sites', 'Boulangerie Martin', 'Garage Dupont']),
    );

    await user.selectOptions(select, 'Tous les sites');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(invoiceQuery().get('siteId')).toBeNull());

    await user.selectOptions(select, 'Boulangerie Martin');
    await waitFor(() => expect(router.state.location.search).toBe(`?siteId=${SITE_A}`));
    await waitFor(() => expect(invoiceQuery().get('siteId')).toBe(SITE_A));
  });
});
