import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { jsonResponse, renderApp } from '../../test/utils';
import { OWNER, signedInAdmin } from './admin-fixtures';

const INVOICE_ID = '55555555-5555-4555-8555-555555555555';
const doc = (overrides: Record<string, unknown>) => ({
  id: INVOICE_ID,
  kind: 'invoice',
  number: 'F-2026-000001',
  issuedAt: '2026-11-24T10:00:00.000Z',
  paidAt: '2026-11-24T10:00:00.000Z',
  creditedNumber: null,
  replacesNumber: null,
  buyerName: 'Boulangerie Martin SARL',
  userId: OWNER.id,
  totalExclCents: 2417,
  vatCents: 483,
  totalInclCents: 2900,
  ...overrides,
});
const pdf = () => new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'Content-Type': 'application/pdf' } });

describe("Admin 'Factures et avoirs'", () => {
  it('lists invoices and credit notes with their client and amounts, downloads one, and exports a period for the accountant', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const api = signedInAdmin({
      'GET /api/admin/legal-invoices': () =>
        jsonResponse(200, {
          legalInvoices: [
            doc({
              id: '66666666-6666-4666-8666-666666666666',
              kind: 'credit_note',
              number: 'AV-2026-000001',
              creditedNumber: 'F-2026-000001',
            }),
            doc({}),
            doc({ id: '77777777-7777-4777-8777-777777777777', number: 'F-2026-000002', replacesNumber: 'F-2026-000001' }),
          ],
          total: 3,
        }),
      [`GET /api/admin/legal-invoices/${INVOICE_ID}/pdf`]: pdf,
      'GET /api/admin/exports/accounting.zip': (call) =>
        call.url.includes('from=2026-12-01')
          ? jsonResponse(400, { statusCode: 400, message: 'Période invalide', errors: { to: 'La date de fin précède la date de début' } })
          : new Response(new Blob(['PK']), { status: 200, headers: { 'Content-Type': 'application/zip' } }),
      'GET /api/admin/exports/fec.txt': () =>
        new Response(new Blob(['JournalCode']), { status: 200, headers: { 'Content-Type': 'text/plain' } }),
      'GET /api/agency': () => jsonResponse(200, { name: 'Vitrine', siret: '912 345 675 00017' }),
    });
    renderApp('/admin/invoices');
    const table = await screen.findByRole('table', { name: 'Factures et avoirs' });
    const [credit, invoice, corrected] = within(table).getAllByRole('row').slice(1);
    expect(within(credit).getByText('Avoir sur F-2026-000001')).toBeInTheDocument();
    expect(within(corrected).getByText('Facture rectificative de F-2026-000001')).toBeInTheDocument();
    expect(within(invoice).getByRole('link', { name: 'F-2026-000001' })).toHaveAttribute('href', `/admin/invoices/${INVOICE_ID}`);
    expect(within(invoice).getByRole('link', { name: 'Boulangerie Martin SARL' })).toHaveAttribute('href', `/admin/clients/${OWNER.id}`);
    expect(invoice.textContent).toContain('24,17');
    await user.click(within(invoice).getByRole('button', { name: /^PDF.*télécharger facture F-2026-000001$/ }));
    await waitFor(() => expect(api.calls.some((c) => c.url.includes(`/legal-invoices/${INVOICE_ID}/pdf`))).toBe(true));

    const form = screen.getByRole('form', { name: 'Export pour le comptable' });
    const from = within(form).getByLabelText('Du');
    const to = within(form).getByLabelText('Au (inclus)');
    await user.clear(from);
    await user.type(from, '2026-12-01');
    await user.clear(to);
    await user.type(to, '2026-11-01');
    await user.click(within(form).getByRole('button', { name: 'Exporter (ZIP)' }));
    expect(await within(form).findByText('La date de fin précède la date de début')).toBeInTheDocument();
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await user.click(within(form).getByRole('button', { name: 'Exporter (ZIP)' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.includes('/api/admin/exports/accounting.zip?from=2026-10-01&to=2026-11-01'))).toBe(true),
    );
    // The FEC alone, for the same period, saved under the name the norm gives it.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(within(form).getByRole('button', { name: 'Télécharger le FEC' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.includes('/api/admin/exports/fec.txt?from=2026-10-01&to=2026-11-01'))).toBe(true),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts.at(-1) as HTMLAnchorElement).download).toBe('912345675FEC20261101.txt');
  });
});
