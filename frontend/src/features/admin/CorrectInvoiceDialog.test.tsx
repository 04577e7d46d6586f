import { ORDER_MESSAGES } from '@vitrine/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LegalInvoiceDetailDto } from '../../api/generated/model';
import { jsonResponse, type RecordedCall, renderApp } from '../../test/utils';
import { OWNER, signedInAdmin } from './admin-fixtures';
import { centsOf } from './CorrectInvoiceDialog';

const ID = '55555555-5555-4555-8555-555555555555';
const NOTE = { id: '66666666-6666-4666-8666-666666666666', kind: 'credit_note', number: 'AV-2026-000001' } as const;
const isCorrection = (c: RecordedCall) => c.method === 'POST' && c.url.endsWith('/correction');
const NEW = { id: '77777777-7777-4777-8777-777777777777', kind: 'invoice', number: 'F-2026-000002' } as const;

function detail(overrides: Partial<LegalInvoiceDetailDto> = {}): LegalInvoiceDetailDto {
  return {
    id: ID,
    kind: 'invoice',
    number: 'F-2026-000001',
    issuedAt: '2026-11-24T10:00:00.000Z',
    paidAt: '2026-11-24T10:00:00.000Z',
    creditedNumber: null,
    replacesNumber: null,
    buyerName: 'Jeanne Martin',
    userId: OWNER.id,
    totalExclCents: 3667,
    vatCents: 733,
    totalInclCents: 4400,
    issueDate: '2026-11-24',
    paymentDate: '2026-11-24',
    stripeInvoiceId: 'in_123',
    buyer: {
      type: 'individual',
      name: 'Jeanne Martin',
      companyName: null,
      siren: null,
      vatNumber: null,
      address: '3 place du Marché',
      postalCode: '69001',
      city: 'Lyon',
      countryCode: 'FR',
      email: 'jeanne@martin.fr',
    },
    lines: [
      {
        label: 'Formule Pro',
        detail: 'Site « Boulangerie Martin »',
        periodStart: '2026-11-24',
        periodEnd: '2026-12-24',
        quantity: 1,
        unitPriceExclCents: 2417,
        totalExclCents: 2417,
        amountInclCents: 2900,
      },
      {
        label: 'Création de logo',
        detail: null,
        periodStart: null,
        periodEnd: null,
        quantity: 1,
        unitPriceExclCents: 1250,
        totalExclCents: 1250,
        amountInclCents: 1500,
      },
    ],
    vatRatePercent: '20',
    vatExemption: null,
    mentions: ["Catégorie d'opération : prestation de services"],
    refersTo: null,
    creditNotes: [],
    replacedBy: null,
    notCorrectable: null,
    ...overrides,
  };
}

describe("'Corriger la facture' on the admin's invoice page", () => {
  it('opens a labelled dialog prefilled with the buyer, checks the identity as the server does, sends the correction, then says what was issued', async () => {
    const user = userEvent.setup();
    let answer: 'invalid' | 'ok' = 'invalid';
    const api = signedInAdmin({
      [`GET /api/admin/legal-invoices/${ID}`]: () => jsonResponse(200, detail()),
      [`POST /api/admin/legal-invoices/${ID}/correction`]: () =>
        answer === 'invalid'
          ? jsonResponse(400, { statusCode: 400, message: 'Données invalides', errors: { vatNumber: ORDER_MESSAGES.vatNumberMismatch } })
          : jsonResponse(201, { creditNote: NOTE, invoice: NEW }),
    });
    renderApp(`/admin/invoices/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Facture F-2026-000001' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Lignes du document F-2026-000001' })).toHaveTextContent('Création de logo');

    await user.click(screen.getByRole('button', { name: 'Corriger la facture' }));
    const dialog = screen.getByRole('dialog', { name: 'Corriger la facture F-2026-000001' });
    // Visible labels, prefilled with what the invoice says.
    expect(within(dialog).getByLabelText('Nom complet')).toHaveValue('Jeanne Martin');
    expect(within(dialog).getByLabelText('Adresse')).toHaveValue('3 place du Marché');
    expect(within(dialog).getByLabelText('Code postal')).toHaveValue('69001');
    expect(within(dialog).getByLabelText('Particulier')).toBeChecked();

    // The company, with a SIREN whose key is wrong: said before sending.
    await user.click(within(dialog).getByLabelText('Entreprise'));
    await user.type(within(dialog).getByLabelText('Raison sociale'), 'Boulangerie Martin SARL');
    await user.type(within(dialog).getByLabelText(/^SIREN/), '732 829 321');
    await user.type(within(dialog).getByLabelText(/^N° de TVA/), 'FR 44 732 829 320');
    const send = within(dialog).getByRole('button', { name: "Émettre l'avoir et la facture rectificative" });
    await user.click(send);
    expect(await within(dialog).findByText(ORDER_MESSAGES.sirenInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText('Le motif de la correction est requis')).toBeInTheDocument();
    expect(api.calls.some(isCorrection)).toBe(false);

    await user.type(within(dialog).getByLabelText('Motif de la correction'), 'Facture au nom de la société');
    const siren = within(dialog).getByLabelText(/^SIREN/);
    await user.clear(siren);
    await user.type(siren, '732 829 320');
    // The server's French message goes under its field.
    await user.click(send);
    expect(await within(dialog).findByText(ORDER_MESSAGES.vatNumberMismatch)).toBeInTheDocument();

    answer = 'ok';
    await user.click(within(dialog).getByLabelText('Enregistrer aussi cette identité pour les prochaines factures du client'));
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = api.calls.filter(isCorrection);
    expect(posts.at(-1)!.body).toEqual({
      reason: 'Facture au nom de la société',
      buyerType: 'company',
      fullName: 'Jeanne Martin',
      companyName: 'Boulangerie Martin SARL',
      siren: '732 829 320',
      vatNumber: 'FR 44 732 829 320',
      address: '3 place du Marché',
      postalCode: '69001',
      city: 'Lyon',
      saveToProfile: true,
    });
    const done = screen.getByText(/Facture corrigée/);
    expect(within(done).getByRole('link', { name: 'Avoir AV-2026-000001' })).toHaveAttribute('href', `/admin/invoices/${NOTE.id}`);
    expect(within(done).getByRole('link', { name: 'Facture F-2026-000002' })).toHaveAttribute('href', `/admin/invoices/${NEW.id}`);
  });

  it('corrects the lines too, their total including VAT kept to the amount collected', async () => {
    const user = userEvent.setup();
    const api = signedInAdmin({
      [`GET /api/admin/legal-invoices/${ID}`]: () => jsonResponse(200, detail()),
      [`POST /api/admin/legal-invoices/${ID}/correction`]: () => jsonResponse(201, { creditNote: NOTE, invoice: NEW }),
    });
    renderApp(`/admin/invoices/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Corriger la facture' }));
    const dialog = screen.getByRole('dialog', { name: 'Corriger la facture F-2026-000001' });
    await user.type(within(dialog).getByLabelText('Motif de la correction'), 'Libellé du logo');
    await user.click(within(dialog).getByLabelText('Corriger aussi les lignes'));
    const second = within(dialog).getByRole('group', { name: 'Ligne 2' });
    expect(within(second).getByLabelText('Montant TTC (€)')).toHaveValue('15,00');
    await user.clear(within(second).getByLabelText('Libellé'));
    await user.type(within(second).getByLabelText('Libellé'), 'Logo vectoriel');
    await user.clear(within(second).getByLabelText('Montant TTC (€)'));
    await user.type(within(second).getByLabelText('Montant TTC (€)'), '12,00');
    const send = within(dialog).getByRole('button', { name: "Émettre l'avoir et la facture rectificative" });
    await user.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /Le total TTC des lignes \(41,00\s€\) doit rester celui de la facture, encaissé : 44,00\s€/,
    );
    expect(api.calls.some(isCorrection)).toBe(false);

    await user.clear(within(second).getByLabelText('Montant TTC (€)'));
    await user.type(within(second).getByLabelText('Montant TTC (€)'), '15');
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find(isCorrection)!.body).toMatchObject({
      buyerType: 'individual',
      lines: [
        { label: 'Formule Pro', detail: 'Site « Boulangerie Martin »', quantity: 1, amountInclCents: 2900 },
        { label: 'Logo vectoriel', quantity: 1, amountInclCents: 1500 },
      ],
    });
  });

  it('offers no correction of an invoice already corrected, and says by which one', async () => {
    signedInAdmin({
      [`GET /api/admin/legal-invoices/${ID}`]: () =>
        jsonResponse(
          200,
          detail({ notCorrectable: 'Déjà corrigée : remplacée par la facture F-2026-000002.', replacedBy: NEW, creditNotes: [NOTE] }),
        ),
    });
    renderApp(`/admin/invoices/${ID}`);
    expect(await screen.findByText('Déjà corrigée : remplacée par la facture F-2026-000002.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Corriger la facture' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Facture F-2026-000002' })).toHaveAttribute('href', `/admin/invoices/${NEW.id}`);
    expect(screen.getByRole('link', { name: 'Avoir AV-2026-000001' })).toHaveAttribute('href', `/admin/invoices/${NOTE.id}`);
  });

  it("names a company buyer on the page: its name, the contact, its identifiers ('—' for one not given), the address", async () => {
    const company = { type: 'company', companyName: 'Boulangerie Martin SARL', siren: '732829320', vatNumber: null } as const;
    signedInAdmin({
      [`GET /api/admin/legal-invoices/${ID}`]: () => jsonResponse(200, detail({ buyer: { ...detail().buyer, ...company } })),
    });
    renderApp(`/admin/invoices/${ID}`);
    const card = (await screen.findByRole('heading', { level: 2, name: 'Acheteur' })).parentElement!;
    const rows = [...card.querySelectorAll('dl > div')].map((row) => [
      row.querySelector('dt')!.textContent,
      row.querySelector('dd')!.textContent,
    ]);
    expect(rows).toEqual([
      ['Raison sociale', 'Boulangerie Martin SARL'],
      ['Contact', 'Jeanne Martin'],
      ['SIREN', '732829320'],
      ['N° de TVA', '—'],
      ['Adresse', '3 place du Marché, 69001 Lyon'],
      ['E-mail', 'jeanne@martin.fr'],
    ]);
  });

  it('reads amounts as typed in French or not', () => {
    expect(centsOf('29,00')).toBe(2900);
    expect(centsOf('29.5')).toBe(2950);
    expect(centsOf(' -12,34 ')).toBe(-1234);
    expect(centsOf('1 200,00')).toBe(120000);
    expect(centsOf('12,345')).toBeNull();
    expect(centsOf('abc')).toBeNull();
  });
});
