import type { PaidPlanId } from '@vitrine/domain';
import type { Test } from 'supertest';
import { type Api, bearer, type SessionBody } from './app';

/** Who calls: a browser (its order_draft cookie), a signed-in account, both, or nobody. */
export interface Owner {
  cookie?: string;
  session?: SessionBody;
}

export function as(req: Test, owner: Owner = {}): Test {
  if (owner.cookie) req.set('Cookie', owner.cookie);
  if (owner.session) req.set(bearer(owner.session));
  return req;
}

export interface DraftBody {
  id: string;
  planType: PaidPlanId;
  prefersCall: boolean | null;
  currentStep: string;
  status: 'draft' | 'paid';
  data: Record<string, unknown> & { currentEmail: string; siteName: string };
  billing: Record<string, string> | null;
  photos: Array<{ id: string; name: string; size: number; contentType: string; url: string }>;
  recap: {
    lines: Array<{ code: string; quantity: number; amountCents: number; recurring: boolean }>;
    firstMonthCents: number;
    monthlyCents: number;
  };
  createdAt: string;
  updatedAt: string;
}

/** The `order_draft=…` pair of a Set-Cookie answer, ready for a Cookie header. */
export function draftCookieOf(setCookie: string[] | string | undefined): string | undefined {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.find((c) => c.startsWith('order_draft='))?.split(';')[0];
}

/** A new draft: an anonymous browser's (with its cookie) or, given a session, the account's. */
export async function startDraft(
  api: Api,
  planType: 'pro' | 'business' = 'pro',
  session?: SessionBody,
): Promise<{ draft: DraftBody; owner: Owner; setCookie?: string }> {
  const res = await as(api.post('/api/order-drafts').send({ planType }), { session }).expect(201);
  const setCookie = (res.headers['set-cookie'] as unknown as string[] | undefined)?.find((c) => c.startsWith('order_draft='));
  return { draft: res.body as DraftBody, owner: { cookie: draftCookieOf(setCookie), session }, setCookie };
}

/** Every step of the wizard filled in as the spec wants it. */
export const COMPLETE_FORM = {
  siteName: 'Boulangerie Martin',
  businessSector: 'Boulangerie',
  domainChoice: 'new',
  domainName: 'boulangerie-martin',
  domainTld: '.fr',
  phone: '06 12 34 56 78',
  currentEmail: 'martin@example.com',
  displayEmailChoice: 'pro',
  proEmailLocalPart: 'bonjour',
  companyAddress: '3 place du Marché, 69001 Lyon',
  oldWebsiteUrl: '',
  tagline: 'Du bon pain depuis 1962',
  about: 'Boulangerie artisanale au cœur de Lyon, pains au levain et viennoiseries maison.',
  services: ['Pains au levain', 'Viennoiseries', ''],
  openingHours: 'Du mardi au dimanche, 7h-19h',
  socialLinks: ['https://instagram.com/boulangerie-martin'],
  logoOption: 'create',
  includeGoogleBusiness: true,
  includeTrustpilot: false,
  dominantColor: '#ca8a04',
  stylePreferences: ['classique'],
  businessFeatures: ['booking', 'gallery'],
  specialRequirements: 'Mettre en avant la galette des rois en janvier.',
  extraEmails: ['commandes'],
};

export const BILLING = {
  fullName: 'Jeanne Martin',
  email: 'martin@example.com',
  phone: '0612345678',
  address: '3 place du Marché',
  city: 'Lyon',
  postalCode: '69001',
};

/**
 * An order through the API as the wizard makes it: a draft (the browser's, or the account's with `session`), the form
 * saved, then a checkout session with the billing information.
 */
export async function orderAndCheckout(
  api: Api,
  options: {
    planType?: 'pro' | 'business';
    data?: object;
    billing?: Partial<typeof BILLING>;
    session?: SessionBody;
    prefersCall?: boolean;
    /** What the buyer does to the draft before paying (adding photos…): an edit after the payment opened expires it. */
    beforeCheckout?: (draftId: string, owner: Owner) => Promise<unknown>;
  } = {},
): Promise<{ draftId: string; owner: Owner; sessionId: string; url: string }> {
  const { draft, owner } = await startDraft(api, options.planType ?? 'pro', options.session);
  await as(api.patch(`/api/order-drafts/${draft.id}`), owner)
    .send({ data: { ...COMPLETE_FORM, ...options.data }, prefersCall: options.prefersCall ?? false, currentStep: '4' })
    .expect(200);
  await options.beforeCheckout?.(draft.id, owner);
  const res = await as(api.post('/api/checkout-sessions'), owner)
    .send({ consumerRequest: true, draftId: draft.id, billing: { ...BILLING, ...options.billing } })
    .expect(201);
  return { draftId: draft.id, owner, sessionId: res.body.sessionId, url: res.body.url };
}
