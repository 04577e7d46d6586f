import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import type { Response } from 'supertest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { MailSecrets } from '../../src/mail/mail-secrets';
import { bearer, registerClient, type SessionBody, type TestApp } from './app';
import { phoneJpeg } from './images';
import { as, COMPLETE_FORM, startDraft } from './orders';
import { outboxFor } from './outbox';
import { payOnSandbox } from './scenarios';
import { webhooksProcessed } from './stripe';

/** supertest's parser for a binary answer (a ZIP): the bytes as they came. */
export const binary = (res: Response, done: (err: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

/** Every entry of a ZIP: name → bytes. */
export function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, { lazyEntries: true }, (error: Error | null, zip?: ZipFile) => {
      if (error || !zip) return reject(error ?? new Error('ZIP illisible'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error('entrée illisible'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

/** What a client typed, each value unique to them, to look for afterwards (in an archive, in every table). */
export interface ClientFacts {
  name: string;
  email: string;
  password: string;
  phone: string;
  street: string;
  postalCode: string;
  city: string;
  siteNames: [string, string];
  about: string;
  special: string;
  modification: string;
  businessGoals: string;
  supportSubject: string;
  supportMessage: string;
  quote: string;
  photoName: string;
}

/** A set of facts for `tag` (a short word of letters) and a digit `n`: every text is unique to them. */
export function factsFor(tag: string, email: string, n: number): ClientFacts {
  const cap = tag[0].toUpperCase() + tag.slice(1);
  return {
    name: `${cap} Zéphyrin`,
    email,
    password: `motdepasse-${tag}`,
    phone: `06 4${n} 27 19 5${n}`,
    street: `17 impasse des ${cap}tilles`,
    postalCode: `6947${n}`,
    city: `Lyon-${cap}ville`,
    siteNames: [`Boulangerie ${cap}`, `Fleuriste ${cap}`],
    about: `Atelier artisanal ${cap}, pains au levain et bouquets du quartier depuis toujours.`,
    special: `Demande particulière ${cap}`,
    modification: `Changer les horaires ${cap}`,
    businessGoals: `Objectifs ${cap} : plus de commandes`,
    supportSubject: `Question ${cap}`,
    supportMessage: `Bonjour, une question de ${cap} sur ma facture.`,
    quote: `Devis ${cap} : un site pour nos ateliers du samedi`,
    photoName: `vitrine-${tag}.jpg`,
  };
}

/**
 * A client with everything the service can hold about them, made through the API as they would: an account, two
 * orders paid on the Stripe sandbox (each with a photo: two sites, their subscriptions, invoices and legal invoices),
 * a modification request, business options, a support message and a quote request, and the mails all that wrote.
 */
export async function richClient(
  t: TestApp,
  sandbox: StripeSandbox,
  f: ClientFacts,
): Promise<{ session: SessionBody; siteIds: string[]; draftIds: string[] }> {
  const session = await registerClient(t.api, { name: f.name, email: f.email, password: f.password });
  const draftIds: string[] = [];
  for (const [i, siteName] of f.siteNames.entries()) {
    const { draft, owner } = await startDraft(t.api, 'pro', session);
    await as(t.api.patch(`/api/order-drafts/${draft.id}`), owner)
      .send({
        data: {
          ...COMPLETE_FORM,
          siteName,
          domainName: `${siteName.toLowerCase().replace(/[^a-z]+/g, '-')}-${i}`,
          currentEmail: f.email,
          phone: f.phone,
          companyAddress: `${f.street}, ${f.postalCode} ${f.city}`,
          about: f.about,
          specialRequirements: f.special,
          extraEmails: [],
          logoOption: 'none',
        },
        prefersCall: false,
        currentStep: '4',
      })
      .expect(200);
    await as(t.api.post(`/api/order-drafts/${draft.id}/photos`), owner)
      .attach('file', phoneJpeg(), { filename: f.photoName, contentType: 'image/jpeg' })
      .expect(201);
    const checkout = await as(t.api.post('/api/checkout-sessions'), owner)
      .send({
        consumerRequest: true,
        draftId: draft.id,
        billing: { fullName: f.name, email: f.email, phone: f.phone, address: f.street, city: f.city, postalCode: f.postalCode },
      })
      .expect(201);
    const paid = await payOnSandbox(sandbox, checkout.body.sessionId);
    if (paid.status !== 303) throw new Error(`paiement refusé par le bac à sable : ${paid.status}`);
    await sandbox.flushWebhooks();
    await webhooksProcessed(t);
    draftIds.push(draft.id);
  }
  const siteIds = (await t.dataSource.query(`SELECT id FROM sites WHERE user_id = $1 ORDER BY created_at, id`, [session.user.id])).map(
    (r: { id: string }) => r.id,
  );
  if (siteIds.length !== 2) throw new Error(`2 sites attendus, ${siteIds.length} créés`);
  await t.api
    .post(`/api/sites/${siteIds[0]}/modification-requests`)
    .set(bearer(session))
    .send({ type: 'content', priority: 'high', description: f.modification })
    .expect(201);
  await t.api
    .put(`/api/sites/${siteIds[1]}/business-options`)
    .set(bearer(session))
    .send({
      businessName: f.siteNames[1],
      businessType: 'retail',
      industry: 'Fleuriste',
      keyServices: 'Bouquets, compositions',
      contactInfo: { email: f.email, phone: f.phone, address: f.street, city: f.city, postalCode: f.postalCode, country: 'France' },
      businessGoals: f.businessGoals,
    })
    .expect(200);
  await t.api
    .post('/api/support/messages')
    .set(bearer(session))
    .send({ email: f.email, name: f.name, subject: f.supportSubject, message: f.supportMessage })
    .expect(201);
  await t.api
    .post('/api/quotes')
    .send({
      fullName: f.name,
      email: f.email,
      phone: f.phone,
      description: f.quote,
      budget: '3000-5000',
      timeline: 'normal',
      callbackPreference: 'morning',
    })
    .expect(201);
  return { session, siteIds, draftIds };
}

/** The id and token of the latest archive link mailed to that address, as the mail will carry them (opened like the worker). */
export async function exportLinkFromMail(t: TestApp, email: string): Promise<{ id: string; token: string; url: string }> {
  const row = (await outboxFor(t, email, 'data-export-ready')).at(-1);
  if (!row?.secret_link) throw new Error(`aucun lien d'archive pour ${email}`);
  const url = t.app.get(MailSecrets).open(row.secret_link);
  const params = new URL(url).searchParams;
  return { id: params.get('export')!, token: params.get('token')!, url };
}
