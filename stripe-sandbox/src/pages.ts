/** The sandbox's hosted pages (French, plain HTML + inline CSS, no JavaScript) and a hand-written invoice PDF. */
import { formatDate, formatEur, intervalLabel, type SandboxCore } from './core.ts';
import { invoiceTotals } from './render.ts';
import type { InvoiceRec, SessionRec } from './store.ts';
import { invoiceActionNotice } from './three-d-secure.ts';

export const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#f6f8fa;color:#1a1f36;font-size:15px;line-height:1.45}
.top{background:#fff;border-bottom:1px solid #e3e8ee;padding:14px 24px;display:flex;align-items:center;justify-content:space-between}
.brand{font-weight:600;font-size:16px;letter-spacing:.2px}
.badge{background:#fff4e5;color:#b25e09;border:1px solid #f5c98b;border-radius:999px;padding:3px 10px;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.4px}
.wrap{max-width:960px;margin:32px auto;padding:0 20px;display:grid;grid-template-columns:1fr 1fr;gap:32px}
@media (max-width:760px){.wrap{grid-template-columns:1fr}}
.card{background:#fff;border:1px solid #e3e8ee;border-radius:10px;padding:24px;box-shadow:0 2px 6px rgba(50,50,93,.06)}
h1{font-size:22px;margin:0 0 4px}
h2{font-size:15px;margin:0 0 16px;color:#4f566b;font-weight:600}
.muted{color:#697386;font-size:13px}
.total-big{font-size:32px;font-weight:700;margin:8px 0 2px}
table{width:100%;border-collapse:collapse;margin-top:16px}
td{padding:10px 0;border-bottom:1px solid #edf0f3;vertical-align:top}
td.amount{text-align:right;white-space:nowrap;padding-left:12px}
tr.sum td{border-bottom:none;font-weight:600}
tr.then td{border-bottom:none;color:#697386;font-size:14px;padding-top:0}
.qty{color:#697386;font-size:13px}
label{display:block;font-size:13px;color:#4f566b;margin:14px 0 6px;font-weight:500}
input{width:100%;padding:10px 12px;border:1px solid #cfd7df;border-radius:6px;font-size:15px;background:#fff;color:#1a1f36}
input[readonly]{background:#f6f8fa;color:#4f566b}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.btn{display:block;width:100%;margin-top:20px;padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
.btn.secondary{background:#fff;color:#4f566b;border:1px solid #cfd7df;margin-top:10px;font-weight:500;font-size:15px}
.error{background:#fdecea;color:#a0211c;border:1px solid #f5b5b0;border-radius:6px;padding:10px 12px;margin-bottom:12px;font-size:14px}
.success{background:#e3f9e5;color:#146c2e;border:1px solid #a8e2b4;border-radius:6px;padding:10px 12px;margin:16px 0 0;font-size:14px;font-weight:600}
.pay{margin-top:24px;padding-top:8px;border-top:1px solid #edf0f3}
.pay h2{margin-top:16px}
.note{margin-top:14px;font-size:12px;color:#697386;text-align:center}
.single{max-width:560px;margin:48px auto;padding:0 20px}
.status{display:inline-block;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600}
.status.paid{background:#e3f9e5;color:#1b7f37}.status.open{background:#fff4e5;color:#b25e09}.status.void,.status.uncollectible{background:#edf0f3;color:#4f566b}
a{color:#635bff}
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${CSS}</style></head>
<body><header class="top"><span class="brand">Stripe sandbox</span><span class="badge">Mode test</span></header>
${body}
</body></html>`;
}

export function messagePage(title: string, message: string, link?: { href: string; label: string }): string {
  return page(
    title,
    `<main class="single"><div class="card"><h1>${esc(title)}</h1><p>${esc(message)}</p>${link ? `<p><a href="${esc(link.href)}">${esc(link.label)}</a></p>` : ''}</div></main>`,
  );
}

/** What a hosted form posted, put back in its fields when the page is shown again with an error. */
export interface CardForm {
  email?: string;
  name?: string;
  card?: string;
  exp?: string;
}

/** The card fields shared by the hosted forms (checkout, setup, invoice), each label tied to its input. */
function cardFields(form: CardForm, defaultName: string): string {
  return `<label for="card">Numéro de carte</label>
    <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${esc(form.card ?? '4242 4242 4242 4242')}">
    <div class="row">
      <div><label for="exp">Expiration</label><input id="exp" name="exp" autocomplete="cc-exp" placeholder="MM/AA" value="${esc(form.exp ?? '12/34')}"></div>
      <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" value="123"></div>
    </div>
    <label for="name">Nom du titulaire de la carte</label>
    <input id="name" name="name" autocomplete="cc-name" placeholder="Prénom Nom" value="${esc(form.name ?? defaultName)}">`;
}

/** The test cards, as each page treats 4000 0000 0000 0341 (saved fine, refused whenever it is charged). */
const testCardsNote = (charged: boolean): string =>
  `Mode test : aucun paiement réel. Cartes de test : 4000 0000 0000 0002 refusée, 4000 0000 0000 9995 fonds insuffisants, 4000 0000 0000 0341 ${charged ? 'refusée au débit' : 'acceptée puis refusée aux paiements suivants'} ; 3-D Secure : 4000 0027 6000 3184 toujours, 4000 0025 0000 3155 ${charged ? 'à chaque paiement sur cette page' : 'une fois, puis les renouvellements passent'}, 4000 0082 6000 3178 puis fonds insuffisants.`;

export function checkoutPage(core: SandboxCore, s: SessionRec, error?: string, form: CardForm = {}): string {
  if (s.status === 'complete') {
    const continueLink = s.success_url ? { href: s.success_url.replace(/\{CHECKOUT_SESSION_ID\}/g, s.id), label: 'Continuer' } : undefined;
    if (s.mode === 'setup') return messagePage('Carte déjà enregistrée', 'Cette carte a déjà été enregistrée. Merci !', continueLink);
    return messagePage('Paiement déjà effectué', 'Ce paiement a déjà été effectué. Merci !', continueLink);
  }
  if (s.status === 'expired')
    return messagePage(
      'Session expirée',
      'Cette session de paiement a expiré. Veuillez recommencer votre commande.',
      s.cancel_url ? { href: s.cancel_url, label: 'Retour au site' } : undefined,
    );
  if (s.mode === 'setup') return setupPage(core, s, error, form);
  const rows: string[] = [];
  let today = 0;
  let monthly = 0;
  let interval = '';
  for (const line of s._lines) {
    const price = core.db.prices[line.price];
    const amount = price.unit_amount * line.quantity;
    today += amount;
    const suffix = price.recurring ? ` ${intervalLabel(price)}` : '';
    if (price.recurring) {
      monthly += amount;
      interval = intervalLabel(price);
    }
    rows.push(
      `<tr><td>${esc(core.productName(price))}<div class="qty">Qté ${line.quantity}${line.quantity > 1 ? ` × ${esc(formatEur(price.unit_amount, price.currency))}` : ''}${price.recurring ? '' : ' · paiement unique'}</div></td><td class="amount">${esc(formatEur(amount, price.currency))}${esc(suffix)}</td></tr>`,
    );
  }
  const currency = s.currency ?? 'eur';
  rows.push(`<tr class="sum"><td>Total aujourd'hui</td><td class="amount">${esc(formatEur(today, currency))}</td></tr>`);
  if (s.mode === 'subscription')
    rows.push(`<tr class="then"><td>Puis</td><td class="amount">${esc(formatEur(monthly, currency))} ${esc(interval)}</td></tr>`);
  const customer = s.customer ? core.db.customers[s.customer] : undefined;
  const knownEmail = customer?.email ?? s.customer_email;
  const emailField = knownEmail
    ? `<input id="email" name="email" type="email" value="${esc(knownEmail)}" readonly>`
    : `<input id="email" name="email" type="email" required placeholder="vous@exemple.fr" value="${esc(form.email ?? '')}">`;
  const body = `<main class="wrap">
<section>
  <div class="muted">${s.mode === 'subscription' ? "S'abonner" : 'Payer'}</div>
  <h1>Paiement sécurisé</h1>
  <div class="total-big">${esc(formatEur(today, currency))}</div>
  <div class="muted">${s.mode === 'subscription' ? `à payer aujourd'hui, puis ${esc(formatEur(monthly, currency))} ${esc(interval)}` : `à payer aujourd'hui`}</div>
  <table>${rows.join('\n')}</table>
</section>
<section class="card">
  ${error ? `<div class="error" role="alert">${esc(error)}</div>` : ''}
  <form method="post" action="/checkout/${esc(s.id)}/pay">
    <h2>Coordonnées</h2>
    <label for="email">Adresse e-mail</label>${emailField}
    <h2 style="margin-top:22px">Informations de carte</h2>
    ${cardFields(form, customer?.name ?? '')}
    <button class="btn" type="submit">Payer</button>
  </form>
  <form method="post" action="/checkout/${esc(s.id)}/cancel"><button class="btn secondary" type="submit">Annuler</button></form>
  <p class="note">${esc(testCardsNote(false))}</p>
</section>
</main>`;
  return page('Paiement sécurisé', body);
}

/** A setup-mode session: the customer saves a card for later payments; nothing is charged. */
function setupPage(core: SandboxCore, s: SessionRec, error: string | undefined, form: CardForm): string {
  const customer = s.customer ? core.db.customers[s.customer] : undefined;
  const body = `<main class="wrap">
<section>
  <div class="muted">Moyen de paiement</div>
  <h1>Enregistrer une carte</h1>
  <p>Cette carte servira aux prochains paiements. Aucun montant n'est débité aujourd'hui.</p>
</section>
<section class="card">
  ${error ? `<div class="error" role="alert">${esc(error)}</div>` : ''}
  <form method="post" action="/checkout/${esc(s.id)}/pay">
    <h2>Coordonnées</h2>
    <label for="email">Adresse e-mail</label><input id="email" name="email" type="email" value="${esc(customer?.email ?? '')}" readonly>
    <h2 style="margin-top:22px">Informations de carte</h2>
    ${cardFields(form, customer?.name ?? '')}
    <button class="btn" type="submit">Enregistrer la carte</button>
  </form>
  <form method="post" action="/checkout/${esc(s.id)}/cancel"><button class="btn secondary" type="submit">Annuler</button></form>
  <p class="note">${esc(testCardsNote(false))}</p>
</section>
</main>`;
  return page('Enregistrer une carte', body);
}

const STATUS_FR: Record<InvoiceRec['status'], string> = {
  draft: 'Brouillon',
  open: 'À payer',
  paid: 'Payée',
  void: 'Annulée',
  uncollectible: 'Irrécouvrable',
};

/**
 * The hosted invoice page: lines and totals; an open invoice adds a card form ('Payer 29,00 €' posts to
 * /invoices/:id/pay, an error shows above the fields), a paid one says the payment was received.
 */
export function invoicePage(core: SandboxCore, inv: InvoiceRec, error?: string, form: CardForm = {}): string {
  const t = invoiceTotals(inv);
  const payForm =
    inv.status === 'open' && t.remaining > 0
      ? `<form method="post" action="/invoices/${esc(inv.id)}/pay" class="pay">
<h2>Payer par carte</h2>
${error ? `<div class="error" role="alert">${esc(error)}</div>` : ''}
${cardFields(form, inv.customer_name ?? '')}
<button class="btn" type="submit">Payer ${esc(formatEur(t.remaining, inv.currency))}</button>
<p class="note">${esc(testCardsNote(true))}</p>
</form>`
      : error
        ? `<div class="error" role="alert">${esc(error)}</div>`
        : '';
  const paidLine =
    inv.status === 'paid'
      ? `<p class="success" role="status">Paiement reçu, merci !${inv.paid_at ? ` Payée le ${esc(formatDate(inv.paid_at))}.` : ''}</p>`
      : '';
  const rows = inv._lines
    .map(
      (l) =>
        `<tr><td>${esc(l.description)}<div class="qty">${esc(formatDate(l.period.start))}${l.period.end !== l.period.start ? ` – ${esc(formatDate(l.period.end))}` : ''}</div></td><td class="amount">${esc(formatEur(l.amount, l.currency))}</td></tr>`,
    )
    .join('\n');
  const body = `<main class="single"><div class="card">
<div class="muted">Facture</div>
<h1>${esc(inv.number)} <span class="status ${inv.status}">${STATUS_FR[inv.status]}</span></h1>
<p class="muted">Émise le ${esc(formatDate(inv.created))}${inv.customer_email ? ` · ${esc(inv.customer_email)}` : ''}</p>${paidLine}
<p>${esc(inv.description ?? '')}</p>
<table>${rows}
<tr class="sum"><td>Total</td><td class="amount">${esc(formatEur(t.total, inv.currency))}</td></tr>
<tr class="then"><td>Montant payé</td><td class="amount">${esc(formatEur(t.paid, inv.currency))}</td></tr>
<tr class="then"><td>Reste à payer</td><td class="amount">${esc(formatEur(t.remaining, inv.currency))}</td></tr>
</table>
${invoiceActionNotice(core, inv)}${payForm}
<p><a href="/invoices/${esc(inv.id)}/pdf">Télécharger la facture (PDF)</a></p>
</div></main>`;
  return page(`Facture ${inv.number}`, body);
}

/** PDF strings are Latin-1/WinAnsi: map the euro sign and the narrow no-break space, escape delimiters. */
function pdfText(s: string): string {
  return s
    .replace(/\u202f|\u00a0/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[–—]/g, '-')
    .replace(/€/g, '\x80')
    .replace(/[^\x20-\xff]/g, '?')
    .replace(/[\\()]/g, (c) => `\\${c}`);
}

export function invoicePdf(inv: InvoiceRec): Buffer {
  const t = invoiceTotals(inv);
  const text: [number, number, number, string][] = [];
  let y = 780;
  const add = (size: number, x: number, s: string, dy = 18): void => {
    text.push([size, x, y, s]);
    y -= dy;
  };
  add(20, 50, `Facture ${inv.number}`, 28);
  add(10, 50, `Statut : ${STATUS_FR[inv.status]}`);
  add(10, 50, `Date d'émission : ${formatDate(inv.created)}`);
  if (inv.customer_name) add(10, 50, `Client : ${inv.customer_name}`);
  if (inv.customer_email) add(10, 50, `E-mail : ${inv.customer_email}`);
  if (inv.description) add(10, 50, inv.description);
  y -= 14;
  for (const l of inv._lines) {
    text.push([10, 440, y, formatEur(l.amount, l.currency)]);
    add(10, 50, l.description.length > 75 ? `${l.description.slice(0, 72)}...` : l.description);
  }
  y -= 10;
  text.push([12, 440, y, formatEur(t.total, inv.currency)]);
  add(12, 50, 'Total');
  text.push([10, 440, y, formatEur(t.paid, inv.currency)]);
  add(10, 50, 'Montant payé');
  y -= 30;
  add(8, 50, 'Document généré par le sandbox Stripe (mode test) - sans valeur comptable.');
  const stream = text.map(([size, x, yy, s]) => `BT /F1 ${size} Tf ${x} ${yy} Td (${pdfText(s)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
