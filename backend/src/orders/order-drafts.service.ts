import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { EntityManager } from 'typeorm';
import { CheckoutService } from '../billing/checkout.service';
import { invalidField } from '../common/errors';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Transactions } from '../database/transactions';
import type { BillingInfoPatchDto, CreateOrderDraftDto, OrderDraftDto, OrderPhotoDto, UpdateOrderDraftDto } from './dto/order-drafts.dto';
import type { DraftCaller } from './draft-caller';
import type { OrderDraft } from './order-draft.entity';
import type { OrderCheckout } from './order-checkout.entity';
import { OrderCheckoutsRepository } from './order-checkouts.repository';
import { OrderDraftsRepository } from './order-drafts.repository';
import {
  type BillingInfo,
  EMPTY_BILLING,
  emptyOrderForm,
  type OrderFormData,
  orderFormProblems,
  type PaidPlanType,
  PHOTO_RULES,
} from './order-form';
import type { OrderPhoto } from './order-photo.entity';
import { type Answer, billingAnswers, orderAnswers, recapOf } from './order-summary';
import { cleanPhotoName, photoContentDisposition } from './photos/photo-names';
import {
  makeThumbnail,
  type PhotoContentType,
  PhotoRefusedError,
  type ProcessedPhoto,
  processPhoto,
  type Thumbnail,
} from './photos/photo-processing';
import { PhotoLinks, type PhotoSize, roundedExpiry } from './photos/photo-links';
import { DIRECT_LINK_MAX_SECONDS, FILE_STORAGE, type FileStorage } from '../common/storage/file-storage';

export const DRAFT_NOT_FOUND = 'Commande introuvable';
const ALREADY_PAID = 'Cette commande est déjà payée';
/** An edit arriving once the order's open payment was made (its events not applied yet). */
export const PAID_MEANWHILE = 'Cette commande vient d’être payée : elle ne peut plus être modifiée.';
/** An edit arriving while a payment of the order is being opened (a retry closes that payment, then edits). */
export const PAYMENT_OPENING =
  'Un paiement est en cours d’ouverture pour cette commande. Patientez quelques secondes, puis réessayez : le paiement sera annulé et la commande modifiée.';
/** A payment opened while the order's priced options changed: closed, the buyer checks the order again. */
export const CHANGED_WHILE_OPENING =
  'Votre commande a été modifiée pendant l’ouverture du paiement. Vérifiez-la, puis relancez le paiement.';
const PHOTO_NOT_FOUND = 'Photo introuvable';
const BAD_LINK = 'Lien invalide ou expiré';
export const PHOTO_MESSAGES = {
  missing: 'Aucune photo reçue.',
  tooLarge: 'La photo dépasse 5 Mo.',
  tooMany: `${PHOTO_RULES.maxCount} photos au maximum.`,
  wrongType: 'Seules les images JPG et PNG sont acceptées.',
  unreadable: 'Cette image est illisible ou incomplète.',
  tooManyPixels: (megapixels: number) => `Cette image est trop grande (${megapixels} mégapixels au maximum).`,
} as const;
/** Links shown in the wizard stay valid at least this long; the team's links, 7 days. */
const OWNER_LINK_HOURS = 12;
const TEAM_LINK_DAYS = 7;
const PURGE_BATCH = 200;

/** The file multer hands over (memory storage). */
export interface UploadedPhoto {
  originalname: string;
  size: number;
  buffer: Buffer;
}

/** What the billing module needs of a draft to open a checkout or to provision the paid order. */
export interface OrderForPayment {
  id: string;
  userId: string | null;
  planType: PaidPlanType;
  prefersCall: boolean | null;
  status: 'draft' | 'paid';
  data: OrderFormData;
  billing: BillingInfo | null;
  checkoutSessionId: string | null;
  accountCreated: boolean;
  /**
   * The payment being applied, as the order was when it opened (its answers above are that session's): when, the
   * account the order belonged to then, the address it is paid with, its photos then. Absent for a session opened
   * before these were kept.
   */
  paidWith?: {
    sessionId: string;
    openedAt: Date;
    userId: string | null;
    email: string;
    photoIds: string[];
    /** A private individual's express request to start at once, when it was given (null: a company's order) */
    consumerRequestAt?: Date | null;
  };
}

/** What an order's checkout sent to Stripe, and when it began (before its account checks). */
export interface CheckoutOpening {
  /** The priced lines the session charges (plan and options), `recapOf`'s code and quantity each */
  charged: Array<[string, number]>;
  openedAt: Date;
  /** The address it is paid with */
  email: string;
  /** The account it belongs to (null: anonymous) */
  userId: string | null;
  /** A private individual asked for the service to start at once (see OrderCheckout.consumerRequestAt) */
  consumerRequest: boolean;
}

/** An account's draft or order, for its data archive. */
export interface OrderRecord {
  id: string;
  status: string;
  planType: PaidPlanType;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
  answers: Answer[];
  billing: Answer[];
  photos: Array<{ id: string; name: string; contentType: string; sizeBytes: number; addedAt: Date; data: Buffer | null }>;
}

export interface PhotoFile {
  data: Buffer;
  contentType: PhotoContentType;
  name: string;
}

/** What a signed link answers: the bytes (local disk), or where the browser reads them (a presigned S3 link). */
export type SignedPhotoAnswer = { file: PhotoFile } | { redirect: string; maxAgeSeconds: number };

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * Order drafts: created, found, autosaved and given photos by their owner only (the browser holding the draft's
 * secret, or the signed-in account), purged when abandoned, read by billing to check out and provision.
 */
@Injectable()
export class OrderDraftsService {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly drafts: OrderDraftsRepository,
    private readonly transactions: Transactions,
    private readonly rateLimit: RateLimitService,
    private readonly links: PhotoLinks,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly checkouts: OrderCheckoutsRepository,
    private readonly checkout: CheckoutService,
  ) {}

  // ---- the wizard ----

  /** A new draft: the account's when signed in (its e-mail prefilled), else the browser's, which gets the secret. */
  async create(dto: CreateOrderDraftDto, caller: DraftCaller, ip: string): Promise<{ draft: OrderDraftDto; cookie?: string }> {
    await this.rateLimit.hit({
      key: `order-draft:ip:${ip}`,
      limit: 30,
      windowSeconds: 3600,
      message: 'Trop de commandes commencées. Réessayez dans {minutes}.',
    });
    const data = emptyOrderForm();
    if (caller.user) data.currentEmail = caller.user.email;
    const secret = caller.user ? undefined : randomBytes(32).toString('base64url');
    const draft = await this.drafts.insert({
      userId: caller.user?.id ?? null,
      secretHash: secret ? sha256(secret).toString('hex') : null,
      planType: dto.planType,
      data,
    });
    return { draft: await this.toDto(draft), cookie: secret ? `${draft.id}.${secret}` : undefined };
  }

  /** The caller's most recently changed unpaid draft: the account's, or the one of the browser's cookie. */
  /** The caller's latest unpaid draft, or null when there is none (a first visit: not an error). */
  async current(caller: DraftCaller): Promise<OrderDraftDto | null> {
    const candidates: OrderDraft[] = [];
    if (caller.user) {
      const mine = await this.drafts.latestUnpaidOfUser(caller.user.id);
      if (mine) candidates.push(mine);
    }
    const cookieDraftId = caller.cookie?.split('.')[0];
    // A UUID PostgreSQL accepts, not just 36 hex-ish characters (`aaaa…` would fail the query: 500).
    if (cookieDraftId && isUUID(cookieDraftId, 'all')) {
      const browsers = await this.drafts.findById(cookieDraftId);
      if (browsers && browsers.status === 'draft' && this.owns(browsers, caller)) candidates.push(browsers);
    }
    const latest = candidates.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
    return latest ? this.toDto(latest) : null;
  }

  async get(id: string, caller: DraftCaller): Promise<OrderDraftDto> {
    return this.toDto(await this.owned(id, caller));
  }

  /**
   * Autosave: only the fields sent change (null puts a form field back to its default); a paid order is read-only. An
   * open payment of the order is expired first (`closeOpenPayment`).
   */
  async update(id: string, dto: UpdateOrderDraftDto, caller: DraftCaller): Promise<OrderDraftDto> {
    const owned = await this.owned(id, caller);
    if (owned.status === 'paid') throw new ConflictException(ALREADY_PAID);
    await this.closeOpenPayment(id);
    await this.transactions.run(async (tx) => {
      const draft = await this.drafts.findByIdForUpdate(id, tx);
      if (!draft || !this.owns(draft, caller)) throw new NotFoundException(DRAFT_NOT_FOUND);
      if (draft.status === 'paid') throw new ConflictException(ALREADY_PAID);
      await this.refuseWhilePaymentOpens(id, tx);
      await this.drafts.update(
        id,
        {
          planType: dto.planType ?? draft.planType,
          prefersCall: dto.prefersCall === undefined ? draft.prefersCall : dto.prefersCall,
          currentStep: dto.currentStep ?? draft.currentStep,
          data: this.mergeForm(draft, dto.data, caller),
          billing: dto.billing ? mergeBilling(draft.billing, dto.billing) : draft.billing,
        },
        tx,
      );
    });
    return this.toDto((await this.drafts.findById(id))!);
  }

  // ---- photos ----

  /**
   * Checks the photo (5 MB, 10 per order), decodes and re-encodes it (JPG or PNG by its content, the pixel cap, no
   * metadata: photos/photo-processing.ts), makes its thumbnail, stores both, then records the photo under a clean
   * name. The count is checked again with the draft locked, so parallel uploads never make an eleventh.
   */
  async addPhoto(id: string, file: UploadedPhoto | undefined, caller: DraftCaller): Promise<OrderPhotoDto> {
    if (!file) throw invalidField('file', PHOTO_MESSAGES.missing);
    const draft = await this.owned(id, caller);
    if (draft.status === 'paid') throw new ConflictException(ALREADY_PAID);
    if ((await this.drafts.photoCountAndNextPosition(draft.id)).count >= PHOTO_RULES.maxCount)
      throw invalidField('file', PHOTO_MESSAGES.tooMany);
    if (file.size > PHOTO_RULES.maxBytes || file.buffer.length > PHOTO_RULES.maxBytes) throw invalidField('file', PHOTO_MESSAGES.tooLarge);
    await this.closeOpenPayment(draft.id);
    const image = await this.processed(file.buffer);
    const thumbnail = await this.thumbnailOf(image);
    const photoId = randomUUID();
    const storageKey = `order-drafts/${draft.id}/${photoId}.${extension(image.contentType)}`;
    const thumbnailKey = thumbnail ? `order-drafts/${draft.id}/${photoId}-thumb.${extension(thumbnail.contentType)}` : null;
    const keys = thumbnailKey ? [storageKey, thumbnailKey] : [storageKey];
    const name = cleanPhotoName(file.originalname, image.contentType);
    const inline = (type: PhotoContentType) => photoContentDisposition('inline', cleanPhotoName(name, type));
    const stored = await Promise.allSettled([
      this.storage.put(storageKey, image.data, image.contentType, inline(image.contentType)),
      ...(thumbnail && thumbnailKey
        ? [this.storage.put(thumbnailKey, thumbnail.data, thumbnail.contentType, inline(thumbnail.contentType))]
        : []),
    ]);
    const failed = stored.find((result) => result.status === 'rejected');
    if (failed) {
      await this.removeFiles(keys);
      throw failed.reason;
    }
    try {
      const photo = await this.transactions.run(async (tx) => {
        const locked = await this.drafts.findByIdForUpdate(draft.id, tx);
        if (!locked) throw new NotFoundException(DRAFT_NOT_FOUND);
        if (locked.status === 'paid') throw new ConflictException(ALREADY_PAID);
        await this.refuseWhilePaymentOpens(draft.id, tx);
        const { count, nextPosition } = await this.drafts.photoCountAndNextPosition(draft.id, tx);
        if (count >= PHOTO_RULES.maxCount) throw invalidField('file', PHOTO_MESSAGES.tooMany);
        const inserted = await this.drafts.insertPhoto(
          {
            id: photoId,
            draftId: draft.id,
            originalName: name,
            contentType: image.contentType,
            sizeBytes: image.data.length,
            storageKey,
            thumbnailKey,
            thumbnailContentType: thumbnail?.contentType ?? null,
            position: nextPosition,
          },
          tx,
        );
        await this.drafts.touch(draft.id, tx);
        return inserted;
      });
      return this.toPhotoDto(photo);
    } catch (error) {
      await this.removeFiles(keys);
      throw error;
    }
  }

  async deletePhoto(id: string, photoId: string, caller: DraftCaller): Promise<void> {
    const draft = await this.owned(id, caller);
    if (draft.status === 'paid') throw new ConflictException(ALREADY_PAID);
    await this.closeOpenPayment(draft.id);
    const storageKeys = await this.transactions.run(async (tx) => {
      const locked = await this.drafts.findByIdForUpdate(draft.id, tx);
      if (!locked) throw new NotFoundException(DRAFT_NOT_FOUND);
      if (locked.status === 'paid') throw new ConflictException(ALREADY_PAID);
      await this.refuseWhilePaymentOpens(draft.id, tx);
      const keys = await this.drafts.deletePhoto(draft.id, photoId, tx);
      if (keys) await this.drafts.touch(draft.id, tx);
      return keys;
    });
    if (!storageKeys) throw new NotFoundException(PHOTO_NOT_FOUND);
    await this.removeFiles(storageKeys);
  }

  /** A photo of the caller's draft, or its thumbnail. */
  async photoFile(id: string, photoId: string, caller: DraftCaller, size: PhotoSize = 'full'): Promise<PhotoFile> {
    const draft = await this.owned(id, caller);
    const photo = await this.drafts.findPhoto(photoId);
    if (!photo || photo.draftId !== draft.id) throw new NotFoundException(PHOTO_NOT_FOUND);
    return this.read(photo, size);
  }

  /**
   * A photo or its thumbnail reached through a signed link (the team's mail, the wizard, the admin's page); a bad
   * or expired link is 404. From S3, a presigned link to the object (valid an hour at most, never past the signed
   * link's expiry) instead of the bytes.
   */
  async signedPhoto(photoId: string, exp?: string, sig?: string, size?: string): Promise<SignedPhotoAnswer> {
    const now = Date.now();
    const expires = this.links.verify(photoId, exp, sig, size, new Date(now));
    if (!expires) throw new NotFoundException(BAD_LINK);
    const photo = await this.drafts.findPhoto(photoId);
    if (!photo) throw new NotFoundException(PHOTO_NOT_FOUND);
    const picture = pictureOf(photo, size === 'thumb' ? 'thumb' : 'full');
    if (!this.storage.directLink) return { file: await this.read(photo, picture.size) };
    const seconds = Math.min(DIRECT_LINK_MAX_SECONDS, Math.floor((expires.getTime() - now) / 1000));
    if (seconds < 1) throw new NotFoundException(BAD_LINK);
    const redirect = await this.storage.directLink(picture.key, { expiresInSeconds: seconds });
    // The browser may keep the redirect while the presigned link still has a minute to run.
    return { redirect, maxAgeSeconds: Math.max(0, seconds - 60) };
  }

  // ---- checkout and provisioning (for the billing module) ----

  /**
   * The caller's draft, ready to be paid: 404 when not theirs, 409 when paid, 400 with the spec's messages when the
   * form is incomplete. A signed-in caller's e-mail is the account's.
   */
  async forCheckout(id: string, caller: DraftCaller): Promise<OrderForPayment> {
    const draft = await this.owned(id, caller);
    if (draft.status === 'paid') throw new ConflictException(ALREADY_PAID);
    const data = this.formOf(draft);
    if (caller.user) data.currentEmail = caller.user.email;
    const problems = orderFormProblems(data, draft.prefersCall);
    const messages = Object.values(problems);
    if (messages.length) throw new BadRequestException({ message: messages[0], errors: problems });
    return { ...toPayment(draft), data };
  }

  /**
   * Keeps the billing information typed at checkout. A signed-in buyer's order (an anonymous draft started before
   * signing in included) becomes the account's, with the account's e-mail.
   */
  async saveCheckoutBilling(order: OrderForPayment, billing: BillingInfo, account: { id: string; email: string } | null): Promise<void> {
    await this.drafts.update(order.id, {
      billing,
      ...(account ? { userId: account.id, data: { ...order.data, currentEmail: account.email } } : {}),
    });
  }

  /**
   * Freezes the order as it is now for the payment just opened (`sessionId`), with the draft locked: what the team is
   * handed, the order once paid and its first invoice's buyer come from this row, never from a later edit. Should the
   * priced options have changed since the session was built (an edit in between), 409: the caller closes the session.
   * The order's other sessions were closed before this one opened.
   */
  async freezeCheckout(id: string, sessionId: string, opening: CheckoutOpening): Promise<void> {
    await this.transactions.run(async (tx) => {
      const draft = await this.drafts.findByIdForUpdate(id, tx);
      if (!draft) throw new NotFoundException(DRAFT_NOT_FOUND);
      if (draft.status === 'paid') throw new ConflictException(ALREADY_PAID);
      const data = this.formOf(draft);
      if (opening.userId) data.currentEmail = opening.email;
      if (!isDeepStrictEqual(chargedLines(draft.planType, data), opening.charged)) throw new ConflictException(CHANGED_WHILE_OPENING);
      const photos = await this.drafts.listPhotos(id, tx);
      await this.checkouts.insert(
        {
          sessionId,
          draftId: id,
          userId: opening.userId,
          email: opening.email.trim().toLowerCase(),
          planType: draft.planType,
          prefersCall: draft.prefersCall,
          data,
          billing: draft.billing ?? { ...EMPTY_BILLING, email: opening.email },
          photoIds: photos.map((p) => p.id),
          openedAt: opening.openedAt,
          consumerRequestAt: opening.consumerRequest ? opening.openedAt : null,
        },
        tx,
      );
      await this.checkouts.expireOthers(id, sessionId, tx);
      await this.drafts.update(id, { checkoutSessionId: sessionId }, tx);
    });
  }

  /** The database's clock, read when a checkout begins (accounts' creation times are the database's). */
  now(): Promise<Date> {
    return this.checkouts.now();
  }

  /**
   * The order being paid by `sessionId`, locked until `tx` ends (two events paying it are applied one after the
   * other), as it was when that payment opened; null when the order is gone.
   */
  async lockForPayment(id: string, sessionId: string, tx: EntityManager): Promise<OrderForPayment | null> {
    const draft = await this.drafts.findByIdForUpdate(id, tx);
    if (!draft) return null;
    const order: OrderForPayment = { ...toPayment(draft), data: this.formOf(draft) };
    const frozen = await this.checkouts.find(sessionId, tx);
    if (!frozen || frozen.draftId !== id) return order;
    return { ...order, ...frozenOrder(frozen) };
  }

  /**
   * Marks the order paid by this checkout, for this account, as it was when that payment opened; false when it
   * already was.
   */
  async markPaid(
    order: OrderForPayment,
    paid: { checkoutSessionId: string; userId: string; accountCreated: boolean },
    tx: EntityManager,
  ): Promise<boolean> {
    const marked = await this.drafts.markPaid(order.id, paid, tx);
    if (marked && order.paidWith)
      await this.drafts.update(
        order.id,
        { planType: order.planType, prefersCall: order.prefersCall, data: order.data, billing: order.billing },
        tx,
      );
    if (order.paidWith) await this.checkouts.settle(paid.checkoutSessionId, 'paid', tx);
    return marked;
  }

  /** A paid session not provisioned (a second payment, or one for a closed account): refunded by billing. */
  async refusePayment(sessionId: string, tx: EntityManager): Promise<void> {
    await this.checkouts.settle(sessionId, 'refused', tx);
  }

  /** The sessions an account could still pay, for its closure: those of its orders, and the orders' leases' keys. */
  async openPaymentsOf(userId: string): Promise<{ sessionIds: string[]; draftIds: string[] }> {
    const [sessionIds, drafts] = await Promise.all([this.checkouts.openOfUser(userId), this.drafts.ofUser(userId)]);
    return { sessionIds, draftIds: drafts.filter((d) => d.status === 'draft').map((d) => d.id) };
  }

  /** Once the closure has closed them at Stripe. */
  closedPayments(sessionIds: string[], tx?: EntityManager): Promise<void> {
    return this.checkouts.expire(sessionIds, tx);
  }

  /** Whether the order of a checkout is paid, and whose it is, for the payment-success page. */
  async paymentState(id: string): Promise<{ paid: boolean; userId: string | null; accountCreated: boolean; prefersCall: boolean } | null> {
    const draft = await this.drafts.findById(id);
    return draft
      ? {
          paid: draft.status === 'paid',
          userId: draft.userId,
          accountCreated: draft.accountCreated,
          prefersCall: draft.prefersCall === true,
        }
      : null;
  }

  /**
   * The whole order in French for the team's mail: answers, billing, price, and 7-day signed links to each photo and
   * its thumbnail (the mail shows the thumbnails, each a link to its photo).
   */
  async summaryForTeam(
    order: OrderForPayment,
    tx?: EntityManager,
  ): Promise<{ answers: Answer[]; billing: Answer[]; photos: Array<{ name: string; url: string; thumbnailUrl: string }> }> {
    const expires = new Date(Date.now() + TEAM_LINK_DAYS * 86400_000);
    // The photos the order had when its payment opened (an edit expires that payment first: they are all there).
    const paidPhotos = order.paidWith ? new Set(order.paidWith.photoIds) : null;
    const photos = (await this.drafts.listPhotos(order.id, tx)).filter((p) => !paidPhotos || paidPhotos.has(p.id));
    return {
      answers: orderAnswers(order),
      billing: billingAnswers(order.billing),
      photos: photos.map((p) => ({
        name: cleanPhotoName(p.originalName, p.contentType),
        url: this.links.link(p.id, expires, { absolute: true }),
        thumbnailUrl: this.links.link(p.id, expires, { absolute: true, size: 'thumb' }),
      })),
    };
  }

  /** An order's answers, billing and photos for the admin's page of its site (photo links valid at least 12 hours). */
  async summaryForAdmin(id: string): Promise<{ answers: Answer[]; billing: Answer[]; photos: OrderPhotoDto[] } | null> {
    const draft = await this.drafts.findById(id);
    if (!draft) return null;
    const photos = await this.drafts.listPhotos(draft.id);
    const expires = roundedExpiry(new Date(), OWNER_LINK_HOURS);
    return {
      answers: orderAnswers({ ...toPayment(draft), data: this.formOf(draft) }),
      billing: billingAnswers(draft.billing),
      photos: photos.map((p) => this.toPhotoDto(p, expires)),
    };
  }

  // ---- data rights (privacy/) ----

  /**
   * Every draft and order of an account, for its data archive: its answers and billing details in French, and each
   * photo's bytes as stored (re-encoded, without metadata).
   */
  async recordsOf(userId: string): Promise<OrderRecord[]> {
    const drafts = await this.drafts.ofUser(userId);
    const records: OrderRecord[] = [];
    for (const draft of drafts) {
      const photos = await this.drafts.listPhotos(draft.id);
      const files: OrderRecord['photos'] = [];
      for (const photo of photos) {
        const data = await this.storage.get(photo.storageKey);
        files.push({
          id: photo.id,
          name: cleanPhotoName(photo.originalName, photo.contentType),
          contentType: photo.contentType,
          sizeBytes: photo.sizeBytes,
          addedAt: photo.createdAt,
          data,
        });
      }
      records.push({
        id: draft.id,
        status: draft.status,
        planType: draft.planType,
        createdAt: draft.createdAt,
        updatedAt: draft.updatedAt,
        paidAt: draft.paidAt,
        answers: orderAnswers({ ...toPayment(draft), data: this.formOf(draft) }),
        billing: draft.billing ? billingAnswers(draft.billing) : [],
        photos: files,
      });
    }
    return records;
  }

  /**
   * Erases every draft and order of a closed account with its photos' rows, in the erasure's transaction; the storage
   * keys of the photos and thumbnails, to remove with `removePhotoFiles` (never inside a transaction).
   */
  eraseOf(userId: string, tx: EntityManager): Promise<string[]> {
    return this.drafts.deleteOfUser(userId, tx);
  }

  /** The storage keys of an account's photos and thumbnails. */
  photoKeysOf(userId: string): Promise<string[]> {
    return this.drafts.photoKeysOfUser(userId);
  }

  /** Removes photo files (and thumbnails) from the storage; a missing one is no error, a failure is logged. */
  removePhotoFiles(keys: string[]): Promise<void> {
    return this.removeFiles(keys);
  }

  // ---- purge ----

  /** Deletes drafts never paid and unchanged for ORDER_DRAFT_TTL_DAYS, their photos' rows, then their files and thumbnails. */
  async purgeStale(): Promise<{ drafts: number; photos: number }> {
    let drafts = 0;
    let photos = 0;
    for (;;) {
      const batch = await this.drafts.deleteStale(this.config.orders.draftTtlDays, PURGE_BATCH);
      await this.removeFiles(batch.storageKeys);
      drafts += batch.drafts;
      photos += batch.photos;
      if (batch.drafts < PURGE_BATCH) break;
    }
    if (drafts) this.logger.log(`${drafts} commande(s) abandonnée(s) supprimée(s), avec ${photos} photo(s)`);
    return { drafts, photos };
  }

  // ---- helpers ----

  /**
   * An edit of an order whose payment is open expires that payment first, at Stripe (docs/payments.md, "What was paid
   * is what is handed over"): a payment never charges what the order no longer says. A payment made already answers
   * 409 (the order is paid, its events follow); Stripe unreachable, 503 and nothing changes.
   */
  private async closeOpenPayment(draftId: string): Promise<void> {
    const open = await this.checkouts.openOf(draftId);
    for (const sessionId of open) {
      if ((await this.checkout.expire(sessionId)) === 'complete') throw new ConflictException(PAID_MEANWHILE);
    }
    await this.checkouts.expire(open);
  }

  /** With the draft locked: a payment opened since `closeOpenPayment` looked answers 409 (a retry closes it). */
  private async refuseWhilePaymentOpens(draftId: string, tx: EntityManager): Promise<void> {
    if ((await this.checkouts.openOf(draftId, tx)).length) throw new ConflictException(PAYMENT_OPENING);
  }

  /** An anonymous draft is the browser's that holds its secret; an account's draft is that account's. */
  private owns(draft: OrderDraft, caller: DraftCaller): boolean {
    if (draft.userId) return caller.user?.id === draft.userId;
    if (!draft.secretHash || !caller.cookie) return false;
    const dot = caller.cookie.indexOf('.');
    if (dot < 0 || caller.cookie.slice(0, dot) !== draft.id) return false;
    const given = sha256(caller.cookie.slice(dot + 1));
    const expected = Buffer.from(draft.secretHash, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async owned(id: string, caller: DraftCaller): Promise<OrderDraft> {
    const draft = await this.drafts.findById(id);
    if (!draft || !this.owns(draft, caller)) throw new NotFoundException(DRAFT_NOT_FOUND);
    return draft;
  }

  /** The stored form over today's defaults (a field added later reads as its default). */
  private formOf(draft: OrderDraft): OrderFormData {
    return { ...emptyOrderForm(), ...draft.data };
  }

  private mergeForm(draft: OrderDraft, patch: UpdateOrderDraftDto['data'], caller: DraftCaller): OrderFormData {
    const data = this.formOf(draft) as unknown as Record<string, unknown>;
    const defaults = emptyOrderForm() as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(patch ?? {})) {
      if (value !== undefined && key in defaults) data[key] = value === null ? defaults[key] : value;
    }
    if (caller.user) data.currentEmail = caller.user.email;
    return data as unknown as OrderFormData;
  }

  /** The photo re-encoded by sharp, or its refusal as the file field's French error. */
  private async processed(data: Buffer): Promise<ProcessedPhoto> {
    const megapixels = this.config.orders.photoMaxMegapixels;
    try {
      return await processPhoto(data, { maxPixels: megapixels * 1_000_000 });
    } catch (error) {
      if (!(error instanceof PhotoRefusedError)) throw error;
      this.logger.log(`Photo refusée (${error.message})`);
      const message = error.reason === 'tooManyPixels' ? PHOTO_MESSAGES.tooManyPixels(megapixels) : PHOTO_MESSAGES[error.reason];
      throw invalidField('file', message);
    }
  }

  /**
   * The thumbnail of a photo just re-encoded; none (the photo then stands in for it) if making it fails, which would
   * be a bug of ours rather than the buyer's: the photo was decoded and written by sharp already.
   */
  private async thumbnailOf(image: ProcessedPhoto): Promise<Thumbnail | null> {
    try {
      return await makeThumbnail(image);
    } catch (error) {
      this.logger.error(`Vignette non créée : ${(error as Error).message}`);
      return null;
    }
  }

  private async read(photo: OrderPhoto, size: PhotoSize): Promise<PhotoFile> {
    const picture = pictureOf(photo, size);
    const data = await this.storage.get(picture.key);
    if (!data) throw new NotFoundException(PHOTO_NOT_FOUND);
    return { data, contentType: picture.contentType, name: cleanPhotoName(photo.originalName, picture.contentType) };
  }

  private async removeFiles(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.storage
        .delete(key)
        .catch((error: unknown) => this.logger.error(`Photo ${key} non supprimée du stockage : ${(error as Error).message}`));
    }
  }

  private toPhotoDto(photo: OrderPhoto, expires = roundedExpiry(new Date(), OWNER_LINK_HOURS)): OrderPhotoDto {
    return {
      id: photo.id,
      name: cleanPhotoName(photo.originalName, photo.contentType),
      size: photo.sizeBytes,
      contentType: photo.contentType,
      url: this.links.link(photo.id, expires),
      thumbnailUrl: this.links.link(photo.id, expires, { size: 'thumb' }),
    };
  }

  private async toDto(draft: OrderDraft): Promise<OrderDraftDto> {
    const data = this.formOf(draft);
    const photos = await this.drafts.listPhotos(draft.id);
    const expires = roundedExpiry(new Date(), OWNER_LINK_HOURS);
    return {
      id: draft.id,
      planType: draft.planType,
      prefersCall: draft.prefersCall,
      currentStep: draft.currentStep,
      status: draft.status,
      data,
      ...(draft.billing ? { billing: { ...EMPTY_BILLING, ...draft.billing } } : {}),
      photos: photos.map((p) => this.toPhotoDto(p, expires)),
      recap: recapOf(draft.planType, data),
      createdAt: draft.createdAt.toISOString(),
      updatedAt: draft.updatedAt.toISOString(),
    };
  }
}

const extension = (contentType: PhotoContentType) => (contentType === 'image/png' ? 'png' : 'jpg');

/**
 * Where a photo's picture of this size is stored. A photo stored before thumbnails existed has none: its full
 * picture stands in for it.
 */
function pictureOf(photo: OrderPhoto, size: PhotoSize): { size: PhotoSize; key: string; contentType: PhotoContentType } {
  if (size === 'thumb' && photo.thumbnailKey && photo.thumbnailContentType)
    return { size, key: photo.thumbnailKey, contentType: photo.thumbnailContentType };
  return { size: 'full', key: photo.storageKey, contentType: photo.contentType };
}

function toPayment(draft: OrderDraft): Omit<OrderForPayment, 'data'> {
  return {
    id: draft.id,
    userId: draft.userId,
    planType: draft.planType,
    prefersCall: draft.prefersCall,
    status: draft.status,
    billing: draft.billing,
    checkoutSessionId: draft.checkoutSessionId,
    accountCreated: draft.accountCreated,
  };
}

/** The priced lines of an order (plan, options), as its checkout charges them: code and quantity. */
export function chargedLines(planType: PaidPlanType, data: OrderFormData): Array<[string, number]> {
  return recapOf(planType, data).lines.map((l) => [l.code, l.quantity]);
}

/** An order's answers as they were when the payment `frozen` opened. */
function frozenOrder(frozen: OrderCheckout): Pick<OrderForPayment, 'planType' | 'prefersCall' | 'data' | 'billing' | 'paidWith'> {
  return {
    planType: frozen.planType,
    prefersCall: frozen.prefersCall,
    data: { ...emptyOrderForm(), ...frozen.data },
    billing: frozen.billing,
    paidWith: {
      sessionId: frozen.sessionId,
      openedAt: frozen.openedAt,
      userId: frozen.userId,
      email: frozen.email,
      photoIds: frozen.photoIds,
      consumerRequestAt: frozen.consumerRequestAt,
    },
  };
}

function mergeBilling(current: BillingInfo | null, patch: BillingInfoPatchDto): BillingInfo {
  const billing: Record<string, string> = { ...EMPTY_BILLING, ...current };
  for (const key of Object.keys(EMPTY_BILLING) as Array<keyof BillingInfo>) {
    const value = patch[key];
    if (value !== undefined) billing[key] = value ?? '';
  }
  return billing as unknown as BillingInfo;
}
