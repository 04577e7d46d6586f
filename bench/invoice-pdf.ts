// Drawing a legal invoice as the app does (backend/dist's `facturX`: the PDF/A-3 a person reads with its CII XML): the
// first document of a process, which loads pdf-lib and fontkit and reads the two fonts, then the CPU each next one
// takes (median of ROUNDS rounds of DOCUMENTS documents), and their ratio. Figures: docs/performance.md, "Drawing a
// legal invoice".
//
//   npm run bench:invoice-pdf            (DOCUMENTS=20 ROUNDS=5 by default)
/* eslint-disable @typescript-eslint/no-explicit-any -- backend/dist is loaded at run time, untyped */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from '../e2e/app.ts';

const DOCUMENTS = Number(process.env.DOCUMENTS ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const dist = createRequire(import.meta.url)(join(root, 'backend', 'dist', 'invoicing', 'factur-x.js')) as any;
const legal = createRequire(import.meta.url)(join(root, 'backend', 'dist', 'invoicing', 'legal-document.js')) as any;

const seller = {
  name: 'Vitrine',
  legalName: 'Vitrine SAS',
  legalForm: 'société par actions simplifiée',
  capital: '5 000 €',
  address: '12 rue des Artisans, 69002 Lyon',
  country: 'France',
  rcsCity: 'Lyon',
  siren: '912345675',
  siret: '91234567500017',
  vat: 'FR65912345675',
  email: 'support@vitrine.example',
  phone: '01 99 00 24 24',
  vatRegime: 'standard',
  vatRate: '20',
};
const buyer = {
  type: 'individual',
  name: 'Élodie Martin',
  companyName: null,
  siren: null,
  vatNumber: null,
  address: '3 place du Marché',
  postalCode: '69003',
  city: 'Lyon',
  countryCode: 'FR',
  email: 'elodie@example.com',
};
const vat = legal.vatOf(seller);
const { lines, totals } = legal.documentLines(
  [
    {
      label: 'Formule Pro',
      detail: 'Boulangerie Martin',
      periodStart: '2026-11-24',
      periodEnd: '2026-12-24',
      quantity: 1,
      amountInclCents: 2900,
    },
    { label: 'Création de logo', detail: null, periodStart: null, periodEnd: null, quantity: 1, amountInclCents: 1500 },
    { label: 'Adresse e-mail supplémentaire', detail: null, periodStart: null, periodEnd: null, quantity: 3, amountInclCents: 300 },
  ],
  vat,
);
const invoice = {
  kind: 'invoice',
  number: 'F-2026-000001',
  issueDate: '2026-11-24',
  paymentDate: '2026-11-24',
  currency: 'EUR',
  seller,
  buyer,
  lines,
  vat,
  totals,
  mentions: legal.mandatoryMentions('invoice', seller, buyer, '2026-11-24'),
  credited: null,
  stripeNumber: 'ABC-0001',
};

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

let started = process.cpuUsage();
const bytes = (await dist.facturX(invoice)).length;
const first = cpuMs(started);
const perDocument: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  started = process.cpuUsage();
  for (let i = 0; i < DOCUMENTS; i++) await dist.facturX(invoice);
  perDocument.push(cpuMs(started) / DOCUMENTS);
}
const median = [...perDocument].sort((a, b) => a - b)[Math.floor(perDocument.length / 2)];
console.log(`Un document Factur-X de ${bytes} octets.`);
console.log(`Premier document du processus (pdf-lib, fontkit et les deux polices lus) : ${first.toFixed(0)} ms de CPU.`);
console.log(
  `Chaque suivant : ${median.toFixed(1)} ms de CPU (médiane de ${ROUNDS} séries de ${DOCUMENTS} ; séries : ${perDocument.map((ms) => ms.toFixed(1)).join(', ')}).`,
);
console.log(`Rapport premier / suivant : ${(first / median).toFixed(1)}.`);
