import { HttpException, Logger } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { phonePng, pictureJpeg } from '../../test/helpers/images';
import { newTestService } from '../../test/unit/new-test-service';
import type { SessionUser } from '../common/current-user';
import { tooManyRequests } from '../common/errors';
import { type RateLimitRule, RateLimitService } from '../common/rate-limit/rate-limit.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Transactions } from '../database/transactions';
import type { DraftCaller } from './draft-caller';
import { CheckoutService } from '../billing/checkout.service';
import type { OrderCheckout } from './order-checkout.entity';
import { type NewOrderCheckout, OrderCheckoutsRepository } from './order-checkouts.repository';
import { OrderDraft } from './order-draft.entity';
import { type NewOrderDraft, type OrderDraftChanges, OrderDraftsRepository } from './order-drafts.repository';
import {
  CHANGED_WHILE_OPENING,
  chargedLines,
  type CheckoutOpening,
  OrderDraftsService,
  PAID_MEANWHILE,
  PAYMENT_OPENING,
  type UploadedPhoto,
} from './order-drafts.service';
import { type BillingInfo, emptyOrderForm, type OrderFormData } from './order-form';
import { OrderPhoto } from './order-photo.entity';
import { recapOf } from './order-summary';
import * as photoProcessing from './photos/photo-processing';
import { makeThumbnail, processPhoto } from './photos/photo-processing';
import { PhotoLinks } from './photos/photo-links';
import { type DirectLinkOptions, FILE_STORAGE, type FileStorage } from '../common/storage/file-storage';

// ---- in-memory fakes of the service's collaborators ---------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
const hex = (secret: string) => createHash('sha256').update(secret).digest('hex');
const copy = <T extends object>(Type: new () => T, row: T): T => Object.assign(new Type(), structuredClone({ ...row }));

type RepositoryMethods =
  | 'insert'
  | 'findById'
  | 'findByIdForUpdate'
  | 'latestUnpaidOfUser'
  | 'update'
  | 'markPaid'
  | 'touch'
  | 'deleteStale'
  | 'listPhotos'
  | 'photoCountAndNextPosition'
  | 'insertPhoto'
  | 'findPhoto'
  | 'deletePhoto';

/** The order_drafts and order_photos tables as maps; ids are UUIDs, checked as PostgreSQL does. */
class FakeDraftsRepository implements Pick<OrderDraftsRepository, RepositoryMethods> {
  drafts = new Map<string, OrderDraft>();
  photos = new Map<string, OrderPhoto>();
  /** Every row lock taken, with the transaction holding it */
  locks: Array<{ id: string; tx: EntityManager }> = [];
  touched: string[] = [];
  purges: Array<{ ttlDays: number; limit: number }> = [];

  /** A stored draft, the fields not given at a fresh draft's values. */
  seed(fields: Partial<OrderDraft> = {}): OrderDraft {
    const now = new Date();
    const draft = Object.assign(new OrderDraft(), {
      id: randomUUID(),
      userId: null,
      secretHash: null,
      planType: 'pro',
      prefersCall: null,
      currentStep: '1',
      data: emptyOrderForm(),
      billing: null,
      status: 'draft',
      checkoutSessionId: null,
      accountCreated: false,
      paidAt: null,
      createdAt: now,
      updatedAt: now,
      ...fields,
    } satisfies Omit<OrderDraft, 'user'>);
    this.drafts.set(draft.id, draft);
    return copy(OrderDraft, draft);
  }

  seedPhoto(draftId: string, fields: Partial<OrderPhoto> = {}): OrderPhoto {
    const id = fields.id ?? randomUUID();
    return this.store({
      id,
      draftId,
      originalName: 'vitrine.jpg',
      contentType: 'image/jpeg',
      sizeBytes: 1234,
      storageKey: `order-drafts/${draftId}/${id}.jpg`,
      thumbnailKey: null,
      thumbnailContentType: null,
      position: this.photosOf(draftId).length,
      ...fields,
    });
  }

  snapshot() {
    return { drafts: new Map([...this.drafts].map(([id, d]) => [id, copy(OrderDraft, d)])), photos: new Map(this.photos) };
  }

  restore(saved: ReturnType<FakeDraftsRepository['snapshot']>) {
    this.drafts = saved.drafts;
    this.photos = saved.photos;
  }

  stored(id: string): OrderDraft {
    return this.drafts.get(id)!;
  }

  private byId(id: string): OrderDraft | null {
    if (!UUID.test(id)) throw new Error(`invalid input syntax for type uuid: "${id}"`);
    const draft = this.drafts.get(id);
    return draft ? copy(OrderDraft, draft) : null;
  }

  private photosOf(draftId: string): OrderPhoto[] {
    return [...this.photos.values()].filter((p) => p.draftId === draftId).sort((a, b) => a.position - b.position);
  }

  private store(photo: Omit<OrderPhoto, 'createdAt' | 'draft'>): OrderPhoto {
    const row = Object.assign(new OrderPhoto(), { ...photo, createdAt: new Date() });
    this.photos.set(row.id, row);
    return copy(OrderPhoto, row);
  }

  insert(draft: NewOrderDraft): Promise<OrderDraft> {
    return Promise.resolve(this.seed(draft));
  }

  findById(id: string): Promise<OrderDraft | null> {
    return Promise.resolve(this.byId(id));
  }

  findByIdForUpdate(id: string, tx: EntityManager): Promise<OrderDraft | null> {
    if (!tx) throw new Error('FOR UPDATE outside a transaction');
    this.locks.push({ id, tx });
    return Promise.resolve(this.byId(id));
  }

  latestUnpaidOfUser(userId: string): Promise<OrderDraft | null> {
    const mine = [...this.drafts.values()].filter((d) => d.userId === userId && d.status === 'draft');
    const latest = mine.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
    return Promise.resolve(latest ? copy(OrderDraft, latest) : null);
  }

  update(id: string, changes: OrderDraftChanges): Promise<void> {
    const draft = this.drafts.get(id);
    if (draft) Object.assign(draft, structuredClone(changes), { updatedAt: new Date() });
    return Promise.resolve();
  }

  markPaid(id: string, paid: { checkoutSessionId: string; userId: string; accountCreated: boolean }): Promise<boolean> {
    const draft = this.drafts.get(id);
    if (!draft || draft.status !== 'draft') return Promise.resolve(false);
    Object.assign(draft, paid, { status: 'paid', paidAt: new Date() });
    return Promise.resolve(true);
  }

  touch(id: string): Promise<void> {
    this.touched.push(id);
    this.drafts.get(id)!.updatedAt = new Date();
    return Promise.resolve();
  }

  deleteStale(ttlDays: number, limit: number): Promise<{ drafts: number; photos: number; storageKeys: string[] }> {
    this.purges.push({ ttlDays, limit });
    const doomed = [...this.drafts.values()]
      .filter((d) => d.status === 'draft' && d.updatedAt.getTime() < Date.now() - ttlDays * DAY_MS)
      .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime())
      .slice(0, limit);
    const storageKeys: string[] = [];
    let photos = 0;
    for (const draft of doomed) {
      for (const photo of this.photosOf(draft.id)) {
        this.photos.delete(photo.id);
        photos += 1;
        storageKeys.push(photo.storageKey, ...(photo.thumbnailKey ? [photo.thumbnailKey] : []));
      }
      this.drafts.delete(draft.id);
    }
    return Promise.resolve({ drafts: doomed.length, photos, storageKeys });
  }

  listPhotos(draftId: string): Promise<OrderPhoto[]> {
    return Promise.resolve(this.photosOf(draftId).map((p) => copy(OrderPhoto, p)));
  }

  photoCountAndNextPosition(draftId: string): Promise<{ count: number; nextPosition: number }> {
    const photos = this.photosOf(draftId);
    return Promise.resolve({ count: photos.length, nextPosition: Math.max(-1, ...photos.map((p) => p.position)) + 1 });
  }

  insertPhoto(photo: Omit<OrderPhoto, 'createdAt' | 'draft'>): Promise<OrderPhoto> {
    return Promise.resolve(this.store(photo));
  }

  findPhoto(photoId: string): Promise<OrderPhoto | null> {
    if (!UUID.test(photoId)) throw new Error(`invalid input syntax for type uuid: "${photoId}"`);
    const photo = this.photos.get(photoId);
    return Promise.resolve(photo ? copy(OrderPhoto, photo) : null);
  }

  deletePhoto(draftId: string, photoId: string): Promise<string[] | null> {
    const photo = this.photos.get(photoId);
    if (!photo || photo.draftId !== draftId) return Promise.resolve(null);
    this.photos.delete(photoId);
    return Promise.resolve([photo.storageKey, ...(photo.thumbnailKey ? [photo.thumbnailKey] : [])]);
  }
}

/** A transaction over the fake tables: what `fn` changed is undone when it throws. */
class FakeTransactions implements Pick<Transactions, 'run'> {
  private opened = 0;
  constructor(private readonly db: FakeDraftsRepository) {}

  async run<T>(fn: (tx: EntityManager) => Promise<T>, tx?: EntityManager): Promise<T> {
    if (tx) return fn(tx);
    const saved = this.db.snapshot();
    try {
      return await fn({ transaction: ++this.opened } as unknown as EntityManager);
    } catch (error) {
      this.db.restore(saved);
      throw error;
    }
  }
}

class FakeStorage implements FileStorage {
  files = new Map<string, { data: Buffer; contentType: string; contentDisposition?: string }>();
  puts = 0;
  failDeletes = false;
  failPutsEndingWith?: string;
  /** Runs once, right after the next put: what a parallel request does meanwhile. */
  afterPut?: () => void;

  put(key: string, data: Buffer, contentType: string, contentDisposition?: string): Promise<void> {
    this.puts++;
    if (this.failPutsEndingWith && key.endsWith(this.failPutsEndingWith)) return Promise.reject(new Error('stockage indisponible'));
    this.files.set(key, { data, contentType, contentDisposition });
    const meanwhile = this.afterPut;
    this.afterPut = undefined;
    meanwhile?.();
    return Promise.resolve();
  }

  get(key: string): Promise<Buffer | null> {
    return Promise.resolve(this.files.get(key)?.data ?? null);
  }

  delete(key: string): Promise<void> {
    if (this.failDeletes) return Promise.reject(new Error('stockage indisponible'));
    this.files.delete(key);
    return Promise.resolve();
  }
}

/** A storage browsers read directly (S3): links are recorded, not signed. */
class FakeDirectStorage extends FakeStorage {
  links: Array<{ key: string } & DirectLinkOptions> = [];

  directLink(key: string, options: DirectLinkOptions): Promise<string> {
    this.links.push({ key, ...options });
    return Promise.resolve(`https://bucket.test/${key}?expires=${options.expiresInSeconds}`);
  }
}

/** order_checkouts as a map: each payment opened for a draft, as the draft was then, and what became of it. */
class FakeCheckouts implements Pick<OrderCheckoutsRepository, 'insert' | 'find' | 'openOf' | 'expire' | 'expireOthers' | 'settle'> {
  rows = new Map<string, OrderCheckout>();

  insert(checkout: NewOrderCheckout): Promise<void> {
    this.rows.set(checkout.sessionId, { ...structuredClone(checkout), status: 'open', closedAt: null });
    return Promise.resolve();
  }

  find(sessionId: string): Promise<OrderCheckout | null> {
    const row = this.rows.get(sessionId);
    return Promise.resolve(row ? structuredClone(row) : null);
  }

  openOf(draftId: string): Promise<string[]> {
    return Promise.resolve([...this.rows.values()].filter((r) => r.draftId === draftId && r.status === 'open').map((r) => r.sessionId));
  }

  expire(sessionIds: string[]): Promise<void> {
    for (const id of sessionIds) if (this.rows.get(id)?.status === 'open') this.rows.get(id)!.status = 'expired';
    return Promise.resolve();
  }

  expireOthers(draftId: string, sessionId: string): Promise<void> {
    for (const r of this.rows.values()) if (r.draftId === draftId && r.sessionId !== sessionId && r.status === 'open') r.status = 'expired';
    return Promise.resolve();
  }

  settle(sessionId: string, status: 'paid' | 'refused'): Promise<void> {
    this.rows.get(sessionId)!.status = status;
    return Promise.resolve();
  }
}

/** Stripe's sessions as `CheckoutService.expire` sees them: open until expired, or paid (`complete`). */
class FakeStripeSessions implements Pick<CheckoutService, 'expire'> {
  paid = new Set<string>();
  expired: string[] = [];
  /** Runs once, right after the next expiry: what a parallel request does meanwhile. */
  afterExpire?: () => Promise<void>;

  async expire(sessionId: string): Promise<'expired' | 'complete'> {
    if (this.paid.has(sessionId)) return 'complete';
    this.expired.push(sessionId);
    const meanwhile = this.afterExpire;
    this.afterExpire = undefined;
    await meanwhile?.();
    return 'expired';
  }
}

class FakeRateLimit implements Pick<RateLimitService, 'hit'> {
  rules: RateLimitRule[] = [];
  refuse = false;

  hit(rule: RateLimitRule): Promise<void> {
    this.rules.push(rule);
    return this.refuse ? Promise.reject(tooManyRequests(rule.message.replace('{minutes}', '5 minutes'), 300)) : Promise.resolve();
  }
}

/** The constructor parameter Nest injects by `token` (`@Inject(token)`). */
function injected(token: unknown): number {
  const params = Reflect.getMetadata('self:paramtypes', OrderDraftsService) as Array<{ index: number; param: unknown }>;
  return params.find((p) => p.param === token)!.index;
}

function setup(storage = new FakeStorage()) {
  const db = new FakeDraftsRepository();
  const rateLimit = new FakeRateLimit();
  const links = new PhotoLinks('secret-des-tests', 'https://vitrine.test');
  const checkouts = new FakeCheckouts();
  const stripe = new FakeStripeSessions();
  const { sut } = newTestService(OrderDraftsService, [
    [OrderDraftsRepository, db],
    [Transactions, new FakeTransactions(db)],
    [RateLimitService, rateLimit],
    [PhotoLinks, links],
    [injected(FILE_STORAGE), storage],
    [injected(APP_CONFIG), { orders: { draftTtlDays: 30, photoMaxMegapixels: 40 } } as AppConfig],
    [OrderCheckoutsRepository, checkouts],
    [CheckoutService, stripe],
  ]);
  return { sut, db, storage, rateLimit, links, checkouts, stripe };
}

// ---- callers and forms ----------------------------------------------------------------------------------------------

const account = (email: string): SessionUser => ({
  id: randomUUID(),
  email,
  name: email.split('@')[0],
  role: 'client',
  createdAt: new Date(),
});
const jeanne = account('jeanne@martin.fr');
const paul = account('paul@durand.fr');
const signedIn = (user: SessionUser, cookie?: string): DraftCaller => ({ user, cookie });

/** An anonymous draft and the cookie of the browser that holds it. */
function anonymousDraft(db: FakeDraftsRepository, fields: Partial<OrderDraft> = {}) {
  const secret = `secret-${randomUUID()}`;
  const draft = db.seed({ secretHash: hex(secret), ...fields });
  return { draft, browser: { cookie: `${draft.id}.${secret}` } as DraftCaller, secret };
}

/** A form with everything payment asks for. */
const completeForm = (changes: Partial<OrderFormData> = {}): OrderFormData => ({
  ...emptyOrderForm(),
  siteName: 'Boulangerie Martin',
  currentEmail: 'contact@boulangerie-martin.fr',
  about: 'Boulangerie artisanale au cœur de Lyon, pains au levain.',
  services: ['Pains au levain'],
  ...changes,
});

/** The autosave's body; JSON may also send null (back to the default), which the DTO's type does not say. */
type UpdateDto = Parameters<OrderDraftsService['update']>[1];

const photo = (buffer: Buffer, originalname = 'vitrine.png'): UploadedPhoto => ({ originalname, size: buffer.length, buffer });

/** The HTTP answer a call ends with: its status, French message and per-field errors. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; message: unknown; errors?: unknown }> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof HttpException)) throw error;
    const body = error.getResponse() as { message: unknown; errors?: unknown };
    return { status: error.getStatus(), message: body.message, errors: body.errors };
  }
  throw new Error('expected the call to be refused');
}

const NOT_FOUND = { status: 404, message: 'Commande introuvable' };
const PAID = { status: 409, message: 'Cette commande est déjà payée' };
const fileError = (message: string) => ({ status: 400, message, errors: { file: message } });

// ---- tests ------------------------------------------------------------------------------------------------------------

describe('OrderDraftsService', () => {
  let logs: jest.SpyInstance[];
  beforeEach(() => {
    logs = [jest.spyOn(Logger.prototype, 'log').mockImplementation(), jest.spyOn(Logger.prototype, 'error').mockImplementation()];
  });
  afterEach(() => logs.forEach((spy) => spy.mockRestore()));

  describe('create', () => {
    it("gives an anonymous browser a draft of its own: a secret in the cookie, only the secret's hash stored", async () => {
      const { sut, db, rateLimit } = setup();
      const { draft, cookie } = await sut.create({ planType: 'business' }, {}, '203.0.113.7');
      expect(rateLimit.rules).toEqual([expect.objectContaining({ key: 'order-draft:ip:203.0.113.7', limit: 30, windowSeconds: 3600 })]);
      const [id, secret] = cookie!.split('.');
      expect(id).toBe(draft.id);
      expect(secret.length).toBeGreaterThanOrEqual(43);
      expect(db.stored(id)).toMatchObject({ userId: null, secretHash: hex(secret), planType: 'business' });
      expect(draft).toMatchObject({ planType: 'business', status: 'draft', data: emptyOrderForm() });
      expect(draft).not.toHaveProperty('billing');
      expect(draft.recap).toEqual(recapOf('business', emptyOrderForm()));

      expect((await sut.get(id, { cookie })).id).toBe(id);
      expect(await refusal(sut.get(id, { cookie: `${id}.${secret}x` }))).toEqual(NOT_FOUND);
    });

    it("makes a signed-in buyer's draft the account's, its e-mail prefilled, with no cookie", async () => {
      const { sut, db } = setup();
      const { draft, cookie } = await sut.create({ planType: 'pro' }, signedIn(jeanne), '203.0.113.7');
      expect(cookie).toBeUndefined();
      expect(db.stored(draft.id)).toMatchObject({ userId: jeanne.id, secretHash: null, planType: 'pro' });
      expect(draft.data.currentEmail).toBe('jeanne@martin.fr');
    });

    it('creates nothing over the rate limit (429 with its French message)', async () => {
      const { sut, db, rateLimit } = setup();
      rateLimit.refuse = true;
      expect(await refusal(sut.create({ planType: 'pro' }, {}, '203.0.113.7'))).toEqual({
        status: 429,
        message: 'Trop de commandes commencées. Réessayez dans 5 minutes.',
      });
      expect(db.drafts.size).toBe(0);
    });
  });

  describe('ownership', () => {
    it('lets only the account read its draft, and only the browser with the secret read an anonymous one (others: 404)', async () => {
      const { sut, db } = setup();
      const accounts = db.seed({ userId: jeanne.id });
      const { draft: anonymous, browser, secret } = anonymousDraft(db);
      const other = anonymousDraft(db);

      expect((await sut.get(accounts.id, signedIn(jeanne))).id).toBe(accounts.id);
      expect((await sut.get(anonymous.id, browser)).id).toBe(anonymous.id);
      expect((await sut.get(anonymous.id, signedIn(paul, browser.cookie))).id).toBe(anonymous.id);

      for (const [id, caller] of [
        [accounts.id, signedIn(paul)],
        [accounts.id, {}],
        [accounts.id, { cookie: browser.cookie }],
        [anonymous.id, {}],
        [anonymous.id, signedIn(jeanne)],
        [anonymous.id, { cookie: `${anonymous.id}.${secret.slice(0, -1)}` }],
        [anonymous.id, { cookie: `${anonymous.id}${secret}` }],
        [anonymous.id, other.browser],
        [other.draft.id, { cookie: `${other.draft.id}.${secret}` }],
        [randomUUID(), signedIn(jeanne)],
      ] as Array<[string, DraftCaller]>) {
        expect(await refusal(sut.get(id, caller))).toEqual(NOT_FOUND);
      }
    });

    it("refuses to change, or to add to, another's draft, and changes nothing", async () => {
      const { sut, db, storage } = setup();
      const accounts = db.seed({ userId: jeanne.id, data: completeForm() });
      const before = structuredClone(db.stored(accounts.id));

      expect(await refusal(sut.update(accounts.id, { data: { siteName: 'Piraté' }, currentStep: '4' }, signedIn(paul)))).toEqual(NOT_FOUND);
      expect(await refusal(sut.addPhoto(accounts.id, photo(phonePng().data), signedIn(paul)))).toEqual(NOT_FOUND);
      const existing = db.seedPhoto(accounts.id);
      expect(await refusal(sut.deletePhoto(accounts.id, existing.id, signedIn(paul)))).toEqual(NOT_FOUND);
      expect(await refusal(sut.photoFile(accounts.id, existing.id, signedIn(paul)))).toEqual(NOT_FOUND);
      expect(await refusal(sut.forCheckout(accounts.id, signedIn(paul)))).toEqual(NOT_FOUND);

      expect(db.stored(accounts.id)).toEqual(before);
      expect(db.photos.has(existing.id)).toBe(true);
      expect(storage.files.size).toBe(0);
    });
  });

  describe('current', () => {
    it("answers the caller's most recently changed unpaid draft, the account's or the browser's", async () => {
      const { sut, db } = setup();
      const accounts = db.seed({ userId: jeanne.id, updatedAt: new Date(Date.now() - 60_000) });
      const { draft: browsers, browser } = anonymousDraft(db, { updatedAt: new Date() });

      expect((await sut.current(signedIn(jeanne, browser.cookie)))?.id).toBe(browsers.id);
      await db.update(accounts.id, { currentStep: '2' });
      expect((await sut.current(signedIn(jeanne, browser.cookie)))?.id).toBe(accounts.id);
      expect((await sut.current(browser))?.id).toBe(browsers.id);
      expect((await sut.current(signedIn(jeanne)))?.id).toBe(accounts.id);
    });

    it("leaves out a paid draft, another's cookie and a cookie that is not a draft id (none: null, never a failed query)", async () => {
      const { sut, db } = setup();
      const paid = anonymousDraft(db, { status: 'paid' });
      const { draft: other, secret } = anonymousDraft(db);

      expect(await sut.current(paid.browser)).toBeNull();
      expect(await sut.current({ cookie: `${other.id}.${secret}-faux` })).toBeNull();
      expect(await sut.current({ cookie: `aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaz.${secret}` })).toBeNull();
      expect(await sut.current({ cookie: 'pas-un-uuid' })).toBeNull();
      expect(await sut.current(signedIn(paul))).toBeNull();
    });
  });

  describe('update', () => {
    it('changes only the form fields sent: null puts one back to its default, a list sent replaces the list', async () => {
      const { sut, db } = setup();
      const { draft, browser } = anonymousDraft(db, {
        data: completeForm({ logoOption: 'create', tagline: 'Le bon pain', services: ['Pains'] }),
      });
      const patch = { siteName: 'Le Fournil', services: ['Pains', 'Viennoiseries'], logoOption: null, tagline: undefined, inconnu: 'x' };

      const answer = await sut.update(draft.id, { data: patch } as unknown as UpdateDto, browser);

      const expected = completeForm({
        siteName: 'Le Fournil',
        services: ['Pains', 'Viennoiseries'],
        logoOption: 'none',
        tagline: 'Le bon pain',
      });
      expect(db.stored(draft.id).data).toEqual(expected);
      expect(answer.data).toEqual(expected);
      expect(answer.recap).toEqual(recapOf('pro', expected));
    });

    it("keeps a signed-in buyer's e-mail the account's, whatever the patch says; an anonymous one types it", async () => {
      const { sut, db } = setup();
      const accounts = db.seed({ userId: jeanne.id });
      await sut.update(accounts.id, { data: { currentEmail: 'autre@exemple.fr', siteName: 'Martin' } }, signedIn(jeanne));
      expect(db.stored(accounts.id).data).toMatchObject({ currentEmail: 'jeanne@martin.fr', siteName: 'Martin' });

      const { draft, browser } = anonymousDraft(db);
      await sut.update(draft.id, { data: { currentEmail: 'autre@exemple.fr' } }, browser);
      expect(db.stored(draft.id).data.currentEmail).toBe('autre@exemple.fr');
    });

    it('changes the plan, and the step and call choice, only when sent', async () => {
      const { sut, db } = setup();
      const { draft, browser } = anonymousDraft(db, { planType: 'pro', currentStep: '2', prefersCall: false });

      await sut.update(draft.id, { planType: 'business' }, browser);
      expect(db.stored(draft.id)).toMatchObject({ planType: 'business', currentStep: '2', prefersCall: false });

      await sut.update(draft.id, { planType: 'pro', currentStep: '3' }, browser);
      expect(db.stored(draft.id)).toMatchObject({ planType: 'pro', currentStep: '3', prefersCall: false });

      await sut.update(draft.id, { prefersCall: true }, browser);
      expect(db.stored(draft.id)).toMatchObject({ planType: 'pro', prefersCall: true });
    });

    it('merges the billing information field by field (null empties one), and keeps it when none is sent', async () => {
      const { sut, db } = setup();
      const { draft, browser } = anonymousDraft(db);

      await sut.update(draft.id, { billing: { fullName: 'Jeanne Martin', city: 'Lyon' } }, browser);
      // An individual until told otherwise (the billing identity's company fields stay empty).
      const first = { ...emptyBilling(), fullName: 'Jeanne Martin', city: 'Lyon' };
      expect(db.stored(draft.id).billing).toEqual(first);

      await sut.update(draft.id, { billing: { city: null, postalCode: '69001' } } as unknown as UpdateDto, browser);
      expect(db.stored(draft.id).billing).toEqual({ ...first, city: '', postalCode: '69001' });

      const answer = await sut.update(draft.id, { currentStep: '4' }, browser);
      expect(answer.billing).toEqual({ ...first, city: '', postalCode: '69001' });

      const older = anonymousDraft(db, { billing: { fullName: 'Paul Durand' } as BillingInfo });
      expect((await sut.get(older.draft.id, older.browser)).billing).toEqual({ ...emptyBilling(), fullName: 'Paul Durand' });
    });

    it('changes the draft with its row locked, in a transaction', async () => {
      const { sut, db } = setup();
      const { draft, browser } = anonymousDraft(db);
      await sut.update(draft.id, { currentStep: '2' }, browser);
      expect(db.locks).toEqual([{ id: draft.id, tx: expect.anything() }]);
    });

    it('leaves a paid order as it is (409)', async () => {
      const { sut, db } = setup();
      const accounts = db.seed({ userId: jeanne.id, status: 'paid', data: completeForm() });
      expect(await refusal(sut.update(accounts.id, { data: { siteName: 'Autre' } }, signedIn(jeanne)))).toEqual(PAID);
      expect(db.stored(accounts.id).data.siteName).toBe('Boulangerie Martin');
    });
  });

  describe('photos', () => {
    it('stores a photo without its metadata and its thumbnail under keys of ours, records it next in line, and links to both', async () => {
      const { sut, db, storage, links } = setup();
      const { draft, browser } = anonymousDraft(db);
      const upload = phonePng().data;

      const added = await sut.addPhoto(draft.id, photo(upload, 'C:\\Users\\jeanne\\Ma boutique.png'), browser);

      const key = `order-drafts/${draft.id}/${added.id}.png`;
      const thumbnailKey = `order-drafts/${draft.id}/${added.id}-thumb.jpg`;
      const clean = await processPhoto(upload, { maxPixels: 40_000_000 });
      expect(storage.files.get(key)).toEqual({
        data: clean.data,
        contentType: 'image/png',
        contentDisposition: `inline; filename="Ma boutique.png"; filename*=UTF-8''Ma%20boutique.png`,
      });
      expect(clean.data.includes('Secr')).toBe(false);
      // An opaque PNG's thumbnail is a JPEG (named so for a direct reader).
      expect(storage.files.get(thumbnailKey)).toEqual({
        data: (await makeThumbnail(clean)).data,
        contentType: 'image/jpeg',
        contentDisposition: `inline; filename="Ma boutique.jpg"; filename*=UTF-8''Ma%20boutique.jpg`,
      });
      expect(db.photos.get(added.id)).toMatchObject({
        draftId: draft.id,
        originalName: 'Ma boutique.png',
        storageKey: key,
        thumbnailKey,
        thumbnailContentType: 'image/jpeg',
        position: 0,
      });
      expect(added).toMatchObject({ name: 'Ma boutique.png', size: clean.data.length, contentType: 'image/png' });
      const url = new URL(added.url, 'https://vitrine.test');
      expect(url.pathname).toBe(`/api/order-photos/${added.id}`);
      expect(url.searchParams.has('size')).toBe(false);
      expect(links.verify(added.id, url.searchParams.get('exp')!, url.searchParams.get('sig')!)).toEqual(
        new Date(Number(url.searchParams.get('exp')) * 1000),
      );
      const thumb = new URL(added.thumbnailUrl, 'https://vitrine.test');
      expect([thumb.pathname, thumb.searchParams.get('exp'), thumb.searchParams.get('size')]).toEqual([
        url.pathname,
        url.searchParams.get('exp'),
        'thumb',
      ]);
      expect(links.verify(added.id, thumb.searchParams.get('exp')!, thumb.searchParams.get('sig')!, 'thumb')).not.toBeNull();
      expect(db.touched).toEqual([draft.id]);

      const second = await sut.addPhoto(draft.id, photo(pictureJpeg().data, 'vitrine.jpg'), browser);
      expect(db.photos.get(second.id)).toMatchObject({
        position: 1,
        contentType: 'image/jpeg',
        storageKey: `order-drafts/${draft.id}/${second.id}.jpg`,
      });
      expect((await sut.get(draft.id, browser)).photos.map((p) => p.id)).toEqual([added.id, second.id]);

      // After a deletion, the next photo still goes last (after the highest position, not at the count).
      await sut.deletePhoto(draft.id, added.id, browser);
      const third = await sut.addPhoto(draft.id, photo(upload), browser);
      expect(db.photos.get(third.id)?.position).toBe(2);
      expect((await sut.get(draft.id, browser)).photos.map((p) => p.id)).toEqual([second.id, third.id]);
    });

    it('refuses a missing file, an eleventh photo, one over 5 MB and one that is neither JPG nor PNG, on the file field', async () => {
      const { sut, db, storage } = setup();
      const { draft, browser } = anonymousDraft(db);
      const png = phonePng().data;

      expect(await refusal(sut.addPhoto(draft.id, undefined, browser))).toEqual(fileError('Aucune photo reçue.'));
      expect(await refusal(sut.addPhoto(draft.id, { ...photo(png), size: 5 * 1024 * 1024 + 1 }, browser))).toEqual(
        fileError('La photo dépasse 5 Mo.'),
      );
      const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
      expect(await refusal(sut.addPhoto(draft.id, { ...photo(big), size: 1000 }, browser))).toEqual(fileError('La photo dépasse 5 Mo.'));
      expect(await refusal(sut.addPhoto(draft.id, photo(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'x.gif'), browser))).toEqual(
        fileError('Seules les images JPG et PNG sont acceptées.'),
      );

      for (let i = 0; i < 9; i++) db.seedPhoto(draft.id);
      await sut.addPhoto(draft.id, photo(png), browser);
      expect(await refusal(sut.addPhoto(draft.id, photo(png), browser))).toEqual(fileError('10 photos au maximum.'));
      expect(db.photos.size).toBe(10);
      expect(storage.puts).toBe(2); // the tenth photo and its thumbnail
    });

    it('counts again with the draft locked: a photo added meanwhile makes this one the eleventh, and its files are removed', async () => {
      const { sut, db, storage } = setup();
      const { draft, browser } = anonymousDraft(db);
      for (let i = 0; i < 9; i++) db.seedPhoto(draft.id);
      storage.afterPut = () => db.seedPhoto(draft.id);

      expect(await refusal(sut.addPhoto(draft.id, photo(phonePng().data), browser))).toEqual(fileError('10 photos au maximum.'));
      expect(db.photos.size).toBe(10);
      expect(storage.puts).toBe(2);
      expect(storage.files.size).toBe(0);
      expect(db.locks.map((l) => l.id)).toEqual([draft.id]);
      expect(db.touched).toEqual([]);
    });

    it('adds no photo to, and removes none from, a paid order (409)', async () => {
      const { sut, db, storage } = setup();
      const accounts = db.seed({ userId: jeanne.id, status: 'paid' });
      const existing = db.seedPhoto(accounts.id);
      expect(await refusal(sut.addPhoto(accounts.id, photo(phonePng().data), signedIn(jeanne)))).toEqual(PAID);
      expect(await refusal(sut.deletePhoto(accounts.id, existing.id, signedIn(jeanne)))).toEqual(PAID);
      expect(storage.puts).toBe(0);
      expect(db.photos.size).toBe(1);
    });

    it('keeps nothing when the storage fails to write the photo or its thumbnail', async () => {
      const { sut, db, storage } = setup();
      const { draft, browser } = anonymousDraft(db);
      for (const failing of ['.png', '-thumb.jpg']) {
        storage.failPutsEndingWith = failing;
        await expect(sut.addPhoto(draft.id, photo(phonePng().data), browser)).rejects.toThrow('stockage indisponible');
        expect(storage.files.size).toBe(0);
        expect(db.photos.size).toBe(0);
      }
    });

    it('stores a photo without a thumbnail, and logs it, when making the thumbnail fails', async () => {
      const { sut, db, storage } = setup();
      const { draft, browser } = anonymousDraft(db);
      const thumbnails = jest.spyOn(photoProcessing, 'makeThumbnail');
      thumbnails.mockRejectedValueOnce(new Error('vips: out of memory'));
      try {
        const added = await sut.addPhoto(draft.id, photo(phonePng().data), browser);
        expect(db.photos.get(added.id)).toMatchObject({ thumbnailKey: null, thumbnailContentType: null });
        expect([...storage.files.keys()]).toEqual([`order-drafts/${draft.id}/${added.id}.png`]);
        expect(logs[1]).toHaveBeenCalledWith('Vignette non créée : vips: out of memory');
      } finally {
        thumbnails.mockRestore();
      }
    });

    it("deletes a photo of the caller's draft, row, file and thumbnail; another draft's photo is 404 and stays", async () => {
      const { sut, db, storage } = setup();
      const { draft, browser } = anonymousDraft(db);
      const added = await sut.addPhoto(draft.id, photo(phonePng().data), browser);
      const otherDraft = db.seed({ userId: paul.id });
      const others = db.seedPhoto(otherDraft.id);
      db.touched = [];

      expect(await refusal(sut.deletePhoto(draft.id, others.id, browser))).toEqual({ status: 404, message: 'Photo introuvable' });
      expect(db.photos.has(others.id)).toBe(true);
      expect(db.touched).toEqual([]);

      await sut.deletePhoto(draft.id, added.id, browser);
      expect(db.photos.has(added.id)).toBe(false);
      expect(storage.files.size).toBe(0);
      expect(db.touched).toEqual([draft.id]);
    });

    it('deletes the row even when the storage fails to remove the file, and logs it', async () => {
      const { sut, db, storage } = setup();
      const { draft, browser } = anonymousDraft(db);
      const added = await sut.addPhoto(draft.id, photo(phonePng().data), browser);
      storage.failDeletes = true;

      await sut.deletePhoto(draft.id, added.id, browser);
      expect(db.photos.has(added.id)).toBe(false);
      expect(logs[1]).toHaveBeenCalledWith(expect.stringContaining('stockage indisponible'));
    });

    it("serves a photo's bytes and its thumbnail's to its draft's owner, or through a valid signed link only", async () => {
      const { sut, db, storage, links } = setup();
      const { draft, browser } = anonymousDraft(db);
      const added = await sut.addPhoto(draft.id, photo(pictureJpeg().data, 'devanture.jpg'), browser);
      const file = {
        data: storage.files.get(`order-drafts/${draft.id}/${added.id}.jpg`)!.data,
        contentType: 'image/jpeg',
        name: 'devanture.jpg',
      };
      const thumbnail = { ...file, data: storage.files.get(`order-drafts/${draft.id}/${added.id}-thumb.jpg`)!.data };
      expect(thumbnail.data.equals(file.data)).toBe(false);

      expect(await sut.photoFile(draft.id, added.id, browser)).toEqual(file);
      expect(await sut.photoFile(draft.id, added.id, browser, 'full')).toEqual(file);
      expect(await sut.photoFile(draft.id, added.id, browser, 'thumb')).toEqual(thumbnail);
      const url = new URL(added.url, 'https://vitrine.test');
      const [exp, sig] = [url.searchParams.get('exp')!, url.searchParams.get('sig')!];
      expect(await sut.signedPhoto(added.id, exp, sig)).toEqual({ file });
      expect(await sut.signedPhoto(added.id, exp, sig, 'full')).toEqual({ file });
      const thumbUrl = new URL(added.thumbnailUrl, 'https://vitrine.test');
      const thumbSig = thumbUrl.searchParams.get('sig')!;
      expect(await sut.signedPhoto(added.id, exp, thumbSig, 'thumb')).toEqual({ file: thumbnail });

      const badLink = { status: 404, message: 'Lien invalide ou expiré' };
      const tampered = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
      expect(await refusal(sut.signedPhoto(added.id, exp, tampered))).toEqual(badLink);
      expect(await refusal(sut.signedPhoto(added.id, String(Number(exp) + 1), sig))).toEqual(badLink);
      // The size is signed: neither link turns into the other, and no other size exists.
      expect(await refusal(sut.signedPhoto(added.id, exp, sig, 'thumb'))).toEqual(badLink);
      expect(await refusal(sut.signedPhoto(added.id, exp, thumbSig))).toEqual(badLink);
      expect(await refusal(sut.signedPhoto(added.id, exp, thumbSig, 'full'))).toEqual(badLink);
      expect(await refusal(sut.signedPhoto(added.id, exp, thumbSig, 'THUMB'))).toEqual(badLink);
      const past = new Date(Date.now() - 1000);
      expect(await refusal(sut.signedPhoto(added.id, String(Math.floor(past.getTime() / 1000)), undefined))).toEqual(badLink);
      const expired = new URL(links.link(added.id, past, { size: 'thumb' }), 'https://vitrine.test');
      expect(await refusal(sut.signedPhoto(added.id, expired.searchParams.get('exp')!, expired.searchParams.get('sig')!, 'thumb'))).toEqual(
        badLink,
      );

      const other = anonymousDraft(db);
      expect(await refusal(sut.photoFile(other.draft.id, added.id, other.browser))).toEqual({ status: 404, message: 'Photo introuvable' });
      storage.files.clear();
      expect(await refusal(sut.photoFile(draft.id, added.id, browser))).toEqual({ status: 404, message: 'Photo introuvable' });
    });

    it('serves the photo itself for the thumbnail of a photo stored before thumbnails existed', async () => {
      const { sut, db, storage, links } = setup();
      const { draft, browser } = anonymousDraft(db);
      const old = db.seedPhoto(draft.id, { originalName: 'ancienne.jpg' });
      await storage.put(old.storageKey, Buffer.from('jpeg bytes'), 'image/jpeg');
      const file = { data: Buffer.from('jpeg bytes'), contentType: 'image/jpeg', name: 'ancienne.jpg' };

      const [listed] = (await sut.get(draft.id, browser)).photos;
      expect(listed.thumbnailUrl).toMatch(/&size=thumb&sig=/);
      expect(await sut.photoFile(draft.id, old.id, browser, 'thumb')).toEqual(file);
      const thumb = new URL(links.link(old.id, new Date(Date.now() + 60_000), { size: 'thumb' }), 'https://vitrine.test');
      expect(await sut.signedPhoto(old.id, thumb.searchParams.get('exp')!, thumb.searchParams.get('sig')!, 'thumb')).toEqual({ file });
    });

    it('answers a signed link with a direct link of the storage when it has them: an hour at most, never past the link', async () => {
      const storage = new FakeDirectStorage();
      const { sut, db, links } = setup(storage);
      const { draft, browser } = anonymousDraft(db);
      const added = await sut.addPhoto(draft.id, photo(phonePng().data, 'Façade.png'), browser);
      const now = Math.floor(Date.now() / 1000) * 1000;
      const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
      const signed = (expires: Date, size?: 'thumb') => {
        const url = new URL(links.link(added.id, expires, { size }), 'https://vitrine.test');
        return sut.signedPhoto(added.id, url.searchParams.get('exp')!, url.searchParams.get('sig')!, size);
      };

      const week = await signed(new Date(now + 7 * DAY_MS));
      expect(week).toEqual({ redirect: `https://bucket.test/order-drafts/${draft.id}/${added.id}.png?expires=3600`, maxAgeSeconds: 3540 });
      const soon = await signed(new Date(now + 90_500), 'thumb');
      expect(storage.links).toEqual([
        { key: `order-drafts/${draft.id}/${added.id}.png`, expiresInSeconds: 3600 },
        { key: `order-drafts/${draft.id}/${added.id}-thumb.jpg`, expiresInSeconds: 90 },
      ]);
      expect(soon).toEqual({ redirect: expect.stringContaining('-thumb.jpg?expires=90'), maxAgeSeconds: 30 });
      expect(await refusal(signed(new Date(now - 1000)))).toEqual({ status: 404, message: 'Lien invalide ou expiré' });
      clock.mockRestore();
    });
  });

  describe('forCheckout', () => {
    it('refuses an incomplete form with a 400: the first problem as the message, every problem on its field', async () => {
      const { sut, db } = setup();
      const { draft, browser } = anonymousDraft(db, { prefersCall: false, data: completeForm({ siteName: ' ', about: 'Trop court' }) });

      expect(await refusal(sut.forCheckout(draft.id, browser))).toEqual({
        status: 400,
        message: 'Le nom du site est requis.',
        errors: { 'data.siteName': 'Le nom du site est requis.', 'data.about': 'Décrivez au moins 30 caractères.' },
      });
    });

    it('asks only for step 1 of a buyer who books a call, and reads a signed-in buyer\u2019s e-mail from the account', async () => {
      const { sut, db } = setup();
      const sparse = completeForm({ currentEmail: '', about: '', services: [''] });
      const { draft, browser } = anonymousDraft(db, { prefersCall: true, data: sparse });
      expect(await refusal(sut.forCheckout(draft.id, browser))).toEqual({
        status: 400,
        message: "L'email est requis.",
        errors: { 'data.currentEmail': "L'email est requis." },
      });

      const accounts = db.seed({ userId: jeanne.id, prefersCall: true, planType: 'business', data: sparse });
      const order = await sut.forCheckout(accounts.id, signedIn(jeanne));
      expect(order).toMatchObject({
        id: accounts.id,
        userId: jeanne.id,
        planType: 'business',
        prefersCall: true,
        status: 'draft',
        data: { ...sparse, currentEmail: 'jeanne@martin.fr' },
      });
    });

    it('refuses a paid order (409)', async () => {
      const { sut, db } = setup();
      const accounts = db.seed({ userId: jeanne.id, status: 'paid', data: completeForm() });
      expect(await refusal(sut.forCheckout(accounts.id, signedIn(jeanne)))).toEqual(PAID);
    });
  });

  describe('an order whose payment is open', () => {
    const opening = (draft: { planType: OrderDraft['planType']; data: OrderFormData }, changes: Partial<CheckoutOpening> = {}) => ({
      charged: chargedLines(draft.planType, draft.data),
      openedAt: new Date('2027-01-15T10:00:00Z'),
      email: 'jeanne@martin.fr',
      userId: null,
      consumerRequest: true,
      ...changes,
    });
    const billing = () => ({ ...emptyBilling(), fullName: 'Jeanne Martin', email: 'jeanne@martin.fr', address: '3 place du Marché' });
    const tx = () => ({ transaction: 'webhook' }) as unknown as EntityManager;

    it('is frozen as the session opens: what the payment is applied with, and what the order becomes once paid', async () => {
      const { sut, db, checkouts } = setup();
      const { draft } = anonymousDraft(db, { data: completeForm(), billing: billing(), prefersCall: false });
      const kept = db.seedPhoto(draft.id);
      checkouts.rows.set('cs_0', frozenRow(draft.id, 'cs_0'));

      await sut.freezeCheckout(draft.id, 'cs_1', opening(draft));
      expect(checkouts.rows.get('cs_1')).toMatchObject({
        draftId: draft.id,
        userId: null,
        email: 'jeanne@martin.fr',
        planType: 'pro',
        prefersCall: false,
        data: completeForm(),
        billing: billing(),
        photoIds: [kept.id],
        status: 'open',
        // The private individual's express request, kept with the instant the payment opened.
        consumerRequestAt: new Date('2027-01-15T10:00:00Z'),
      });
      expect(checkouts.rows.get('cs_0')!.status).toBe('expired');
      expect(db.stored(draft.id).checkoutSessionId).toBe('cs_1');

      // Changed behind the payment's back (what an edit racing it could do): the payment is applied as it opened.
      await db.update(draft.id, { planType: 'business', data: completeForm({ siteName: 'Autre nom', logoOption: 'create' }) });
      const order = (await sut.lockForPayment(draft.id, 'cs_1', tx()))!;
      expect(order).toMatchObject({ planType: 'pro', data: completeForm(), billing: billing() });
      expect(order.paidWith).toEqual({
        sessionId: 'cs_1',
        openedAt: new Date('2027-01-15T10:00:00Z'),
        userId: null,
        email: 'jeanne@martin.fr',
        photoIds: [kept.id],
        // The consent, for the order's confirmation mail to repeat it.
        consumerRequestAt: new Date('2027-01-15T10:00:00Z'),
      });
      expect(await sut.markPaid(order, { checkoutSessionId: 'cs_1', userId: jeanne.id, accountCreated: true }, tx())).toBe(true);
      expect(db.stored(draft.id)).toMatchObject({ status: 'paid', planType: 'pro', data: completeForm(), billing: billing() });
      expect(checkouts.rows.get('cs_1')!.status).toBe('paid');
      expect((await sut.summaryForTeam(order)).answers).toContainEqual({ label: 'Nom du site', value: 'Boulangerie Martin' });
    });

    it('refuses to freeze a session whose priced options changed since it was built (409): the caller closes it', async () => {
      const { sut, db, checkouts } = setup();
      const draft = db.seed({ data: completeForm({ logoOption: 'none' }), billing: billing() });
      const sent = opening(draft);
      await db.update(draft.id, { data: completeForm({ logoOption: 'create' }) });
      expect(await refusal(sut.freezeCheckout(draft.id, 'cs_1', sent))).toEqual({ status: 409, message: CHANGED_WHILE_OPENING });
      expect(checkouts.rows.size).toBe(0);
      expect(db.stored(draft.id).checkoutSessionId).toBeNull();

      // Answers that are not priced may change meanwhile: they are frozen as they are when it opens.
      await db.update(draft.id, {
        data: completeForm({ logoOption: 'none', about: 'Un autre texte de présentation, assez long pour passer.' }),
      });
      await sut.freezeCheckout(draft.id, 'cs_2', sent);
      expect(checkouts.rows.get('cs_2')!.data.about).toBe('Un autre texte de présentation, assez long pour passer.');
    });

    it('expires the open payment at Stripe before an edit, a photo added or removed; nothing asked of Stripe when none is open', async () => {
      const { sut, db, checkouts, stripe } = setup();
      const { draft, browser } = anonymousDraft(db, { data: completeForm(), billing: billing() });
      await sut.update(draft.id, { data: { tagline: 'Sans paiement ouvert' } }, browser);
      expect(stripe.expired).toEqual([]);

      await sut.freezeCheckout(draft.id, 'cs_1', opening(draft));
      await sut.update(draft.id, { data: { tagline: 'Nouveau slogan' } }, browser);
      expect(stripe.expired).toEqual(['cs_1']);
      expect(checkouts.rows.get('cs_1')!.status).toBe('expired');
      expect(db.stored(draft.id).data.tagline).toBe('Nouveau slogan');

      await sut.freezeCheckout(draft.id, 'cs_2', opening(db.stored(draft.id)));
      const added = await sut.addPhoto(draft.id, photo(phonePng().data), browser);
      expect(stripe.expired).toEqual(['cs_1', 'cs_2']);
      await sut.freezeCheckout(draft.id, 'cs_3', opening(db.stored(draft.id)));
      await sut.deletePhoto(draft.id, added.id, browser);
      expect(stripe.expired).toEqual(['cs_1', 'cs_2', 'cs_3']);
      expect([...checkouts.rows.values()].map((r) => r.status)).toEqual(['expired', 'expired', 'expired']);
    });

    it('refuses an edit once the open payment was made (409), and changes nothing', async () => {
      const { sut, db, checkouts, stripe } = setup();
      const { draft, browser } = anonymousDraft(db, { data: completeForm(), billing: billing() });
      await sut.freezeCheckout(draft.id, 'cs_1', opening(draft));
      stripe.paid.add('cs_1');
      expect(await refusal(sut.update(draft.id, { planType: 'business' }, browser))).toEqual({ status: 409, message: PAID_MEANWHILE });
      expect(await refusal(sut.addPhoto(draft.id, photo(phonePng().data), browser))).toEqual({ status: 409, message: PAID_MEANWHILE });
      expect(db.stored(draft.id).planType).toBe('pro');
      expect(checkouts.rows.get('cs_1')!.status).toBe('open');
    });

    it('refuses an edit while another payment opens meanwhile (409, a retry closes it too)', async () => {
      const { sut, db, stripe } = setup();
      const { draft, browser } = anonymousDraft(db, { data: completeForm(), billing: billing() });
      await sut.freezeCheckout(draft.id, 'cs_1', opening(draft));
      stripe.afterExpire = () => sut.freezeCheckout(draft.id, 'cs_2', opening(draft));
      expect(await refusal(sut.update(draft.id, { planType: 'business' }, browser))).toEqual({ status: 409, message: PAYMENT_OPENING });
      expect(db.stored(draft.id).planType).toBe('pro');
      await sut.update(draft.id, { planType: 'business' }, browser);
      expect(stripe.expired).toEqual(['cs_1', 'cs_2']);
      expect(db.stored(draft.id).planType).toBe('business');
    });

    /** A frozen row of the draft as it is. */
    function frozenRow(draftId: string, sessionId: string): OrderCheckout {
      return {
        sessionId,
        draftId,
        userId: null,
        email: 'jeanne@martin.fr',
        planType: 'pro',
        prefersCall: null,
        data: completeForm(),
        billing: billing(),
        photoIds: [],
        status: 'open',
        openedAt: new Date(),
        closedAt: null,
        consumerRequestAt: null,
      };
    }
  });

  describe('payment (for the billing module)', () => {
    it("locks the draft in the caller's transaction and reads its form over today's defaults; an unknown one is null", async () => {
      const { sut, db } = setup();
      const older: Partial<OrderFormData> = completeForm();
      delete older.extraEmails; // fields added to the form after the draft was saved
      delete older.includeTrustpilot;
      const draft = db.seed({ data: older as OrderFormData, billing: { ...emptyBilling(), fullName: 'Jeanne Martin' } });
      const tx = { transaction: 'billing' } as unknown as EntityManager;

      const order = await sut.lockForPayment(draft.id, 'cs_unknown', tx);
      expect(db.locks).toEqual([{ id: draft.id, tx }]);
      expect(order).toMatchObject({ id: draft.id, status: 'draft', billing: { fullName: 'Jeanne Martin' }, checkoutSessionId: null });
      expect(order!.data).toEqual(completeForm());
      expect(order!.paidWith).toBeUndefined();
      expect(await sut.lockForPayment(randomUUID(), 'cs_unknown', tx)).toBeNull();
    });

    it("keeps the checkout's billing and gives a signed-in buyer's order to the account, with its e-mail", async () => {
      const { sut, db } = setup();
      const { draft, browser } = anonymousDraft(db, { data: completeForm() });
      const order = await sut.forCheckout(draft.id, browser);
      const billing = { ...emptyBilling(), fullName: 'Jeanne Martin', email: 'jeanne@martin.fr' };

      await sut.saveCheckoutBilling(order, billing, null);
      expect(db.stored(draft.id)).toMatchObject({ userId: null, billing, data: { currentEmail: 'contact@boulangerie-martin.fr' } });

      await sut.saveCheckoutBilling(order, billing, { id: jeanne.id, email: jeanne.email });
      expect(db.stored(draft.id)).toMatchObject({ userId: jeanne.id, data: { ...completeForm(), currentEmail: 'jeanne@martin.fr' } });
    });

    it('says whether an order is paid, once, and how it continues', async () => {
      const { sut, db } = setup();
      const draft = db.seed({ prefersCall: null });
      expect(await sut.paymentState(draft.id)).toEqual({ paid: false, userId: draft.userId, accountCreated: false, prefersCall: false });
      const tx = {} as EntityManager;
      const order = (await sut.lockForPayment(draft.id, 'cs_1', { transaction: 1 } as unknown as EntityManager))!;
      expect(await sut.markPaid(order, { checkoutSessionId: 'cs_1', userId: jeanne.id, accountCreated: true }, tx)).toBe(true);
      expect(await sut.markPaid(order, { checkoutSessionId: 'cs_2', userId: jeanne.id, accountCreated: true }, tx)).toBe(false);
      await db.update(draft.id, { prefersCall: true });
      expect(await sut.paymentState(draft.id)).toEqual({ paid: true, userId: jeanne.id, accountCreated: true, prefersCall: true });
      expect(await sut.paymentState(randomUUID())).toBeNull();
    });

    it("sums the order up for the team with absolute photo links valid 7 days, and for the admin's page", async () => {
      const { sut, db, links } = setup();
      const { draft, browser } = anonymousDraft(db, { data: completeForm() });
      const added = await sut.addPhoto(draft.id, photo(phonePng().data, 'devanture.png'), browser);
      const summary = await sut.summaryForTeam(await sut.forCheckout(draft.id, browser));

      expect(summary.answers).toContainEqual({ label: 'Nom du site', value: 'Boulangerie Martin' });
      expect(summary.photos).toEqual([
        {
          name: 'devanture.png',
          url: expect.stringMatching(/^https:\/\/vitrine\.test\/api\/order-photos\//),
          thumbnailUrl: expect.stringMatching(/^https:\/\/vitrine\.test\/api\/order-photos\/.+&size=thumb&/),
        },
      ]);
      const later = new Date(Date.now() + 7 * DAY_MS - 60_000);
      for (const [link, size] of [
        [summary.photos[0].url, undefined],
        [summary.photos[0].thumbnailUrl, 'thumb'],
      ] as const) {
        const url = new URL(link);
        const exp = Number(url.searchParams.get('exp'));
        expect(exp * 1000 - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);
        expect(links.verify(added.id, String(exp), url.searchParams.get('sig')!, size, later)).not.toBeNull();
      }

      const admin = await sut.summaryForAdmin(draft.id);
      expect(admin?.answers).toEqual(summary.answers);
      expect(admin?.photos).toEqual([
        expect.objectContaining({ id: added.id, thumbnailUrl: expect.stringMatching(/^\/api\/order-photos\/.+&size=thumb&sig=/) }),
      ]);
      expect(await sut.summaryForAdmin(randomUUID())).toBeNull();
    });
  });

  describe('purgeStale', () => {
    it('deletes the unpaid drafts idle for the configured days, batch after batch, with their photo files', async () => {
      const { sut, db, storage } = setup();
      const old = new Date(Date.now() - 31 * DAY_MS);
      const stale = Array.from({ length: 450 }, () => db.seed({ updatedAt: old }));
      for (const [i, draft] of stale.slice(0, 3).entries()) {
        // The first photo is from before thumbnails: it has none.
        const thumbnailKey = i ? `order-drafts/${draft.id}/${randomUUID()}-thumb.jpg` : null;
        const p = db.seedPhoto(draft.id, { thumbnailKey, thumbnailContentType: thumbnailKey ? 'image/jpeg' : null });
        await storage.put(p.storageKey, Buffer.from('x'), 'image/jpeg');
        if (thumbnailKey) await storage.put(thumbnailKey, Buffer.from('t'), 'image/jpeg');
      }
      const recent = db.seed({ updatedAt: new Date(Date.now() - 29 * DAY_MS) });
      const paid = db.seed({ updatedAt: old, status: 'paid' });
      const kept = db.seedPhoto(recent.id);
      await storage.put(kept.storageKey, Buffer.from('y'), 'image/jpeg');

      expect(await sut.purgeStale()).toEqual({ drafts: 450, photos: 3 });
      expect(db.purges).toEqual([
        { ttlDays: 30, limit: 200 },
        { ttlDays: 30, limit: 200 },
        { ttlDays: 30, limit: 200 },
      ]);
      expect([...db.drafts.keys()].sort()).toEqual([recent.id, paid.id].sort());
      expect([...storage.files.keys()]).toEqual([kept.storageKey]);
      expect(logs[0]).toHaveBeenCalledWith('450 commande(s) abandonnée(s) supprimée(s), avec 3 photo(s)');

      expect(await sut.purgeStale()).toEqual({ drafts: 0, photos: 0 });
    });
  });
});

/** What the API answers for billing details not typed yet: an individual, every field empty. */
function emptyBilling(): Required<BillingInfo> {
  return {
    fullName: '',
    email: '',
    phone: '',
    address: '',
    city: '',
    postalCode: '',
    buyerType: 'individual',
    companyName: '',
    siren: '',
    vatNumber: '',
  };
}
