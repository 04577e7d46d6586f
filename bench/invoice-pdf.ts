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
const load = createRequire(import.meta.url);
const { facturX } = load(join(root, 'backend', 'dist', 'invoicing', 'factur-x.js')) as any;
// The tests' builders of legal documents (backend/test/helpers/legal-documents.ts, built by `npm run build:tools -w backend`).
const documents = load(join(root, 'backend', 'dist-tools', 'test', 'helpers', 'legal-documents.js')) as any;

const invoice = {
  ...documents.invoiceDocument({
    issueDate: '2026-11-24',
    buyer: documents.individualBuyer('Élodie Martin', 'elodie@example.com'),
    vat: '20',
    lines: [
      { ...documents.line('Formule Pro', 2900), detail: 'Boulangerie Martin', periodStart: '2026-11-24', periodEnd: '2026-12-24' },
      documents.line('Création de logo', 1500),
      documents.line('Adresse e-mail supplémentaire', 300, 3),
    ],
  }),
  number: 'F-2026-000001',
  stripeNumber: 'ABC-0001',
};

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

let started = process.cpuUsage();
const bytes = (await facturX(invoice)).length;
const first = cpuMs(started);
const perDocument: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  started = process.cpuUsage();
  for (let i = 0; i < DOCUMENTS; i++) await facturX(invoice);
  perDocument.push(cpuMs(started) / DOCUMENTS);
}
const median = [...perDocument].sort((a, b) => a - b)[Math.floor(perDocument.length / 2)];
console.log(`Un document Factur-X de ${bytes} octets.`);
console.log(`Premier document du processus (pdf-lib, fontkit et les deux polices lus) : ${first.toFixed(0)} ms de CPU.`);
console.log(
  `Chaque suivant : ${median.toFixed(1)} ms de CPU (médiane de ${ROUNDS} séries de ${DOCUMENTS} ; séries : ${perDocument.map((ms) => ms.toFixed(1)).join(', ')}).`,
);
console.log(`Rapport premier / suivant : ${(first / median).toFixed(1)}.`);
