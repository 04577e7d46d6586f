import type { AgencySettings } from '@vitrine/domain';
import type { StripeLineFacts } from '../../src/billing-facts/facts';
import type { BillingProfile } from '../../src/invoicing/billing-profile.entity';
import { buyerOf, sellerOf } from '../../src/invoicing/invoicing.service';
import {
  type BuyerSnapshot,
  creditNoteLines,
  documentLines,
  documentSnapshot,
  type LegalDocument,
  legalNumber,
  type SellerSnapshot,
  vatOf,
} from '../../src/invoicing/legal-document';
import { billedLine } from '../../src/invoicing/payment-documents';

/**
 * Every kind of legal document the product issues, made by its own code from what Stripe reports (the agency settings
 * → `sellerOf`, the billing profile → `buyerOf`, Stripe's lines → `billedLine` → `documentLines`, a refund →
 * `creditNoteLines`, the snapshot and its mentions → `documentSnapshot`), as `InvoicingService` issues them, without a
 * database: the documents the e-invoicing artefacts and the PDF/A checks run on.
 */

const AGENCY: AgencySettings = {
  name: 'Vitrine',
  legalName: 'Vitrine SAS',
  legalForm: 'SAS',
  capital: '5 000 €',
  address: '12 rue des Artisans, 69002 Lyon',
  country: 'France',
  rcsCity: 'Lyon',
  siren: '912345675',
  siret: '91234567500017',
  vat: 'FR65912345675',
  director: 'Camille Durand, présidente',
  email: 'support@vitrine.example',
  phone: '01 99 00 24 24',
  bookingUrl: 'https://vitrine.example/rdv',
  teamEmail: 'equipe@vitrine.example',
  hostName: 'Hébergeur',
  hostAddress: '1 rue du Serveur, 75001 Paris',
  hostWebsite: 'https://hebergeur.example',
  vatRegime: 'standard',
  vatRate: '20',
  mediatorName: '',
  mediatorWebsite: '',
};

const profile = (over: Partial<BillingProfile>): BillingProfile => ({
  userId: 'u_1',
  buyerType: 'individual',
  fullName: 'Élodie Martin',
  companyName: null,
  siren: null,
  vatNumber: null,
  address: '3 place du Marché',
  postalCode: '69003',
  city: 'Lyon',
  countryCode: 'FR',
  updatedAt: new Date('2026-11-20T10:00:00Z'),
  ...over,
});

export const BUYERS = {
  company: buyerOf(
    profile({ buyerType: 'company', companyName: 'Boulangerie Martin SARL', siren: '732829320', vatNumber: 'FR44732829320' }),
    { name: '', email: '' },
    'elodie@boulangerie-martin.example',
  ),
  individual: buyerOf(profile({}), { name: '', email: '' }, 'elodie@example.com'),
  companyWithoutSiren: buyerOf(
    profile({ buyerType: 'company', companyName: 'Association des Amis du Pain' }),
    { name: '', email: '' },
    'contact@amis-du-pain.example',
  ),
  /** What a buyer may type: markup characters, quotes, an invisible control character (kept out of the XML) */
  typedFreely: buyerOf(
    profile({ buyerType: 'company', companyName: 'Dupont & Fils <SARL> "Le Four"\u0007', fullName: "L'Éclair\u0000 d'O'Brien" }),
    { name: '', email: '' },
    'dupont@example.com',
  ),
  /** An account from before billing identities: Stripe's name and the invoice's billing address */
  fromStripe: buyerOf(
    null,
    {
      name: 'Marie Ancienne',
      email: 'marie@example.com',
      address: { line1: '8 rue Neuve', line2: null, postalCode: '69002', city: 'Lyon', country: 'FR' },
    },
    'marie@example.com',
  ),
} satisfies Record<string, BuyerSnapshot>;

const seller = (over: Partial<AgencySettings> = {}): SellerSnapshot => sellerOf({ ...AGENCY, ...over });
export const SELLERS = {
  standard: seller(),
  reduced: seller({ vatRate: '10' }),
  franchise: seller({ vatRegime: 'franchise' }),
};

const unix = (isoDate: string) => Math.floor(new Date(`${isoDate}T12:00:00Z`).getTime() / 1000);

/** A Stripe line (amounts including tax, in cents) as the payment's facts carry it. */
const line = (over: Partial<StripeLineFacts> & Pick<StripeLineFacts, 'amountCents'>): StripeLineFacts => ({
  priceId: 'price_x',
  label: null,
  description: null,
  quantity: 1,
  periodStart: null,
  periodEnd: null,
  proration: false,
  ...over,
});

const month = (from: string, to: string) => ({ periodStart: unix(from), periodEnd: unix(to) });

/** What Stripe bills, by kind of payment. */
export const STRIPE_LINES = {
  /** A checkout: the monthly plan, a one-time logo, and 2 extra mailboxes (recurring, 2 × 2,00 €) */
  firstPayment: [
    line({ label: 'Formule Pro', amountCents: 2900, ...month('2026-11-24', '2026-12-24') }),
    line({ label: 'Création de logo', amountCents: 15000 }),
    line({ label: 'Boîte mail supplémentaire', amountCents: 400, quantity: 2, ...month('2026-11-24', '2026-12-24') }),
  ],
  renewal: [
    line({ label: 'Formule Pro', amountCents: 2900, ...month('2026-12-24', '2027-01-24') }),
    line({ label: 'Boîte mail supplémentaire', amountCents: 400, quantity: 2, ...month('2026-12-24', '2027-01-24') }),
  ],
  /** An upgrade mid-period: the unused part of the old plan credited, the new plan's part charged */
  upgrade: [
    line({ label: 'Formule Essentiel', amountCents: -950, proration: true, ...month('2026-12-09', '2026-12-24') }),
    line({ label: 'Formule Pro', amountCents: 1450, proration: true, ...month('2026-12-09', '2026-12-24') }),
  ],
};

const SITE = 'Boulangerie Martin';

/** The invoice of a payment collected on `date`, as `issueInvoice` makes it. */
function invoice(
  seq: number,
  sellerSnapshot: SellerSnapshot,
  buyer: BuyerSnapshot,
  lines: StripeLineFacts[],
  date = '2026-11-24',
): LegalDocument {
  const vat = vatOf(sellerSnapshot);
  return {
    number: legalNumber('invoice', 2026, seq),
    ...documentSnapshot(
      'invoice',
      { issueDate: date, paymentDate: date },
      {
        seller: sellerSnapshot,
        buyer,
        ...documentLines(
          lines.map((l) => billedLine(l, SITE)),
          vat,
        ),
        vat,
        credited: null,
        stripeNumber: `STRIPE-${String(seq).padStart(4, '0')}`,
      },
    ),
  };
}

/** A credit note of `refundCents` of an invoice, as `issueCreditNote` makes it. */
function creditNote(seq: number, original: LegalDocument, refundCents: number, date = '2026-11-26'): LegalDocument {
  const { lines, totals } = creditNoteLines(original, refundCents);
  return {
    number: legalNumber('credit_note', 2026, seq),
    ...documentSnapshot(
      'credit_note',
      { issueDate: date, paymentDate: date },
      {
        seller: original.seller,
        buyer: original.buyer,
        lines,
        vat: original.vat,
        totals,
        credited: { number: original.number, issueDate: original.issueDate },
        stripeNumber: original.stripeNumber,
      },
    ),
  };
}

/**
 * An admin's correction of `original` (InvoiceCorrections): a credit note cancelling it, which refunds nothing, and the
 * corrective invoice (384) made out to `buyer`, paid when the original was, referring to the invoice it replaces.
 */
function correction(seq: number, original: LegalDocument, buyer: BuyerSnapshot, date = '2026-11-28'): LegalDocument[] {
  const content = {
    seller: original.seller,
    lines: original.lines,
    vat: original.vat,
    totals: original.totals,
    stripeNumber: original.stripeNumber,
  };
  const reference = { number: original.number, issueDate: original.issueDate };
  const cancel: LegalDocument = {
    number: legalNumber('credit_note', 2026, seq),
    ...documentSnapshot('credit_note', { issueDate: date, paymentDate: null }, { ...content, buyer: original.buyer, credited: reference }, [
      `Avoir d'annulation de la facture ${original.number}, remplacée par une facture rectificative.`,
    ]),
  };
  const corrected: LegalDocument = {
    number: legalNumber('invoice', 2026, 100 + seq),
    ...documentSnapshot(
      'invoice',
      { issueDate: date, paymentDate: original.paymentDate },
      { ...content, buyer, credited: null, replaces: reference },
      [`Facture rectificative : annule et remplace la facture ${original.number}, annulée par l'avoir ${cancel.number}.`],
    ),
  };
  return [cancel, corrected];
}

export interface CorpusEntry {
  name: string;
  doc: LegalDocument;
}

/** The corpus: every kind of invoice and credit note. */
export function corpus(): CorpusEntry[] {
  const company = invoice(1, SELLERS.standard, BUYERS.company, STRIPE_LINES.firstPayment);
  const individual = invoice(2, SELLERS.standard, BUYERS.individual, STRIPE_LINES.firstPayment);
  const renewal = invoice(3, SELLERS.standard, BUYERS.company, STRIPE_LINES.renewal, '2026-12-24');
  const upgrade = invoice(4, SELLERS.standard, BUYERS.company, STRIPE_LINES.upgrade, '2026-12-09');
  const reduced = invoice(5, SELLERS.reduced, BUYERS.individual, STRIPE_LINES.renewal, '2026-12-24');
  const franchise = invoice(6, SELLERS.franchise, BUYERS.company, STRIPE_LINES.firstPayment);
  const franchiseIndividual = invoice(7, SELLERS.franchise, BUYERS.individual, STRIPE_LINES.renewal, '2026-12-24');
  const withoutSiren = invoice(8, SELLERS.standard, BUYERS.companyWithoutSiren, STRIPE_LINES.firstPayment);
  const fromStripe = invoice(9, SELLERS.standard, BUYERS.fromStripe, STRIPE_LINES.renewal, '2026-12-24');
  /** The same renewal paid twice: the duplicate's invoice, refunded whole */
  const duplicate = invoice(10, SELLERS.standard, BUYERS.company, STRIPE_LINES.renewal, '2026-12-24');
  return [
    { name: 'facture, entreprise avec SIREN et TVA, première commande (options, 2 boîtes mail)', doc: company },
    { name: 'facture, particulier, première commande', doc: individual },
    { name: 'facture de renouvellement', doc: renewal },
    { name: 'facture de changement de formule (crédit au prorata)', doc: upgrade },
    { name: 'facture au taux réduit de 10 %', doc: reduced },
    { name: 'facture en franchise de TVA, entreprise', doc: franchise },
    { name: 'facture en franchise de TVA, particulier', doc: franchiseIndividual },
    { name: 'facture, entreprise sans SIREN', doc: withoutSiren },
    { name: 'facture, compte sans identité de facturation (client Stripe)', doc: fromStripe },
    {
      name: 'facture, nom saisi avec des caractères de balisage et de contrôle',
      doc: invoice(11, SELLERS.standard, BUYERS.typedFreely, STRIPE_LINES.renewal),
    },
    { name: 'avoir total', doc: creditNote(1, company, company.totals.inclCents) },
    { name: 'avoir partiel', doc: creditNote(2, individual, 1000) },
    { name: "avoir d'une facture au prorata", doc: creditNote(3, upgrade, upgrade.totals.inclCents, '2026-12-10') },
    { name: "avoir d'un paiement en double", doc: creditNote(4, duplicate, duplicate.totals.inclCents, '2026-12-25') },
    { name: 'avoir total en franchise de TVA', doc: creditNote(5, franchise, franchise.totals.inclCents) },
    { name: 'avoir partiel en franchise de TVA', doc: creditNote(6, franchiseIndividual, 1234, '2026-12-26') },
    ...correction(7, individual, BUYERS.company).map((doc, i) => ({
      name: i === 0 ? "avoir d'annulation d'une facture corrigée" : 'facture rectificative (384), acheteur corrigé',
      doc,
    })),
  ];
}
