import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { OrderDraftsService } from '../src/orders/order-drafts.service';
import { PhotoLinks } from '../src/orders/photos/photo-links';
import { bearer, loginAdmin, type TestApp } from './helpers/app';
import { GPS_RATIONALS, phoneJpeg } from './helpers/images';
import { as, type DraftBody, orderAndCheckout, type Owner, startDraft } from './helpers/orders';
import { outboxFor } from './helpers/outbox';
import { startS3Server, type TestS3Server } from './helpers/s3-server';
import { payOnSandbox } from './helpers/scenarios';
import { appWithSandbox, webhooksProcessed } from './helpers/stripe';

interface PhotoBody {
  id: string;
  name: string;
  url: string;
  thumbnailUrl: string;
}

/**
 * Order photos in an S3-compatible bucket: the app started with S3_* pointing at a real server (s3rver, from npm,
 * checking every signature), the whole way: upload, owner route, signed links redirected to presigned links,
 * deletion, purge, and an order paid with photos whose team mail shows the thumbnails.
 */
describe('order photos on an S3-compatible server', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let sandbox: StripeSandbox;
  let close: () => Promise<void>;
  beforeAll(async () => {
    s3 = await startS3Server();
    ({ t, sandbox, close } = await appWithSandbox(s3.env));
  });
  afterAll(async () => {
    await close();
    await s3.close();
  });

  const upload = (draft: DraftBody, owner: Owner, data: Buffer, filename = 'devanture.jpg') =>
    as(t.api.post(`/api/order-drafts/${draft.id}/photos`), owner).attach('file', data, { filename, contentType: 'image/jpeg' });
  const bytes = (url: string, owner: Owner = {}) =>
    as(t.api.get(url), owner)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
  const keysOf = (photo: PhotoBody, draftId: string) => [
    `order-drafts/${draftId}/${photo.id}-thumb.jpg`,
    `order-drafts/${draftId}/${photo.id}.jpg`,
  ];
  const noMetadata = async (data: Buffer) => {
    const meta = await sharp(data).metadata();
    expect([meta.exif, meta.xmp, meta.iptc, meta.icc, meta.orientation, meta.comments]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    for (const secret of ['SecretCam', 'xmpmeta', 'Lyon-Croix-Rousse', 'TRAILER']) expect(data.includes(secret)).toBe(false);
    expect(data.includes(GPS_RATIONALS)).toBe(false);
    return meta;
  };
  /** Follows a signed link: a 302 to a presigned link of the bucket, and what that link answers. */
  async function followSigned(url: string) {
    const redirect = await t.api.get(url).expect(302);
    const location = new URL(redirect.headers.location as string);
    const answer = await fetch(location);
    return { redirect, location, answer, data: Buffer.from(await answer.arrayBuffer()) };
  }

  it('stores the photo and its thumbnail in the bucket, without any metadata, and nothing on local disk', async () => {
    const { draft, owner } = await startDraft(t.api);
    const big = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c84' } })
      .jpeg({ quality: 95 })
      .withExif({ IFD0: { Make: 'SecretCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100' } })
      .toBuffer();
    const photo = (await upload(draft, owner, big, 'Façade.jpg').expect(201)).body as PhotoBody;

    expect(await s3.keys(`order-drafts/${draft.id}/`)).toEqual(keysOf(photo, draft.id));
    const [thumbKey, photoKey] = keysOf(photo, draft.id);
    const stored = await s3.object(photoKey);
    expect(stored).toMatchObject({
      contentType: 'image/jpeg',
      contentDisposition: `inline; filename="Fa_ade.jpg"; filename*=UTF-8''Fa%C3%A7ade.jpg`,
      cacheControl: 'private, max-age=3600',
    });
    expect(await noMetadata(stored.data)).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
    const thumbnail = await s3.object(thumbKey);
    expect(thumbnail.contentType).toBe('image/jpeg');
    expect(await noMetadata(thumbnail.data)).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    expect(existsSync(t.config.storage.uploadsDir)).toBe(false);

    // The phone's photo too: EXIF, GPS, XMP, IPTC, profile, comment and trailer gone from both objects.
    const phone = (await upload(draft, owner, phoneJpeg(), 'phone.jpg').expect(201)).body as PhotoBody;
    for (const key of keysOf(phone, draft.id)) await noMetadata((await s3.object(key)).data);
  });

  it('serves the photo and its thumbnail to the owner through the app', async () => {
    const { draft, owner } = await startDraft(t.api);
    const photo = (await upload(draft, owner, phoneJpeg()).expect(201)).body as PhotoBody;
    const [thumbKey, photoKey] = keysOf(photo, draft.id);
    const full = await bytes(`/api/order-drafts/${draft.id}/photos/${photo.id}`, owner).expect(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect((full.body as Buffer).equals((await s3.object(photoKey)).data)).toBe(true);
    const thumb = await bytes(`/api/order-drafts/${draft.id}/photos/${photo.id}?size=thumb`, owner).expect(200);
    expect((thumb.body as Buffer).equals((await s3.object(thumbKey)).data)).toBe(true);
    await t.api.get(`/api/order-drafts/${draft.id}/photos/${photo.id}`).expect(404);
  });

  it('redirects a signed link to a presigned link of the bucket: the bytes, an hour at most, never past the link', async () => {
    const { draft, owner } = await startDraft(t.api);
    const photo = (await upload(draft, owner, phoneJpeg(), 'Façade.jpg').expect(201)).body as PhotoBody;
    const [thumbKey, photoKey] = keysOf(photo, draft.id);

    const full = await followSigned(photo.url);
    expect(`${full.location.origin}${full.location.pathname}`).toBe(`${s3.endpoint}/${s3.bucket}/${photoKey}`);
    expect(Number(full.location.searchParams.get('X-Amz-Expires'))).toBe(3600);
    expect(full.redirect.headers['cache-control']).toBe('private, max-age=3540');
    expect(full.answer.status).toBe(200);
    expect(full.answer.headers.get('content-type')).toBe('image/jpeg');
    expect(full.answer.headers.get('content-disposition')).toBe(`inline; filename="Fa_ade.jpg"; filename*=UTF-8''Fa%C3%A7ade.jpg`);
    expect(full.data.equals((await s3.object(photoKey)).data)).toBe(true);

    const thumb = await followSigned(photo.thumbnailUrl);
    expect(thumb.location.pathname).toBe(`/${s3.bucket}/${thumbKey}`);
    expect(thumb.answer.status).toBe(200);
    expect(await sharp(thumb.data).metadata()).toMatchObject({ format: 'jpeg', width: 16, height: 16 });

    // A link valid 90 more seconds: a presigned link of 90 seconds at most, kept by the browser 30 seconds at most.
    const links = t.app.get(PhotoLinks);
    const soon = await followSigned(links.link(photo.id, new Date(Date.now() + 90_000), { size: 'thumb' }));
    expect(Number(soon.location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(90);
    expect(Number(soon.location.searchParams.get('X-Amz-Expires'))).toBeGreaterThanOrEqual(88);
    expect(soon.redirect.headers['cache-control']).toMatch(/^private, max-age=(2[89]|30)$/);
    // The presigned link is the bucket's to check: changed, it is refused.
    const forged = new URL(full.location);
    forged.searchParams.set('X-Amz-Expires', '604800');
    expect((await fetch(forged)).status).toBe(403);

    // The pages (here the API's docs: this app serves no frontend) may show images from the bucket (the redirect's
    // target), and from nowhere else new.
    const csp = (await t.api.raw.get('/api/docs')).headers['content-security-policy'] as string;
    expect(csp).toContain(`img-src 'self' data: blob: ${s3.endpoint};`);

    // An expired or forged link of ours is 404, and never reaches the bucket.
    const expired = await t.api.get(links.link(photo.id, new Date(Date.now() - 1000))).expect(404);
    expect(expired.body).toEqual({ statusCode: 404, message: 'Lien invalide ou expiré' });
    await t.api.get(photo.thumbnailUrl.replace('size=thumb', 'size=full')).expect(404);
  });

  it('deletes the photo and its thumbnail from the bucket', async () => {
    const { draft, owner } = await startDraft(t.api);
    const kept = (await upload(draft, owner, phoneJpeg(), 'garde.jpg').expect(201)).body as PhotoBody;
    const gone = (await upload(draft, owner, phoneJpeg(), 'retire.jpg').expect(201)).body as PhotoBody;
    expect(await s3.keys(`order-drafts/${draft.id}/`)).toHaveLength(4);
    await as(t.api.delete(`/api/order-drafts/${draft.id}/photos/${gone.id}`), owner).expect(204);
    expect(await s3.keys(`order-drafts/${draft.id}/`)).toEqual(keysOf(kept, draft.id));
    await t.api.get(gone.url).expect(404);
  });

  it('purges abandoned drafts with their objects, and keeps the others', async () => {
    const stale = await startDraft(t.api);
    const fresh = await startDraft(t.api);
    for (const d of [stale, fresh]) await upload(d.draft, d.owner, phoneJpeg()).expect(201);
    await t.dataSource.query(`UPDATE order_drafts SET updated_at = now() - interval '31 days' WHERE id = $1`, [stale.draft.id]);

    const purged = await t.app.get(OrderDraftsService).purgeStale();
    expect(purged).toMatchObject({ drafts: 1, photos: 1 });
    expect(await s3.keys(`order-drafts/${stale.draft.id}/`)).toEqual([]);
    expect(await s3.keys(`order-drafts/${fresh.draft.id}/`)).toHaveLength(2);
  });

  it('pays an order with photos: the team’s mail shows each thumbnail as a link to its photo, and so does the admin’s page', async () => {
    const { draftId, sessionId } = await orderAndCheckout(t.api, {
      billing: { email: 'boulangerie@example.com' },
      beforeCheckout: (id, owner) =>
        as(t.api.post(`/api/order-drafts/${id}/photos`), owner)
          .attach('file', phoneJpeg(), { filename: 'devanture.jpg', contentType: 'image/jpeg' })
          .expect(201),
    });
    const paid = await payOnSandbox(sandbox, sessionId);
    expect(paid.status).toBe(303);
    await webhooksProcessed(t);

    const [team] = (await outboxFor(t, 'equipe@vitrine.example', 'order-team')).filter((m) => m.text.includes('devanture.jpg'));
    const html = (team as unknown as { html: string }).html.replace(/&amp;/g, '&').replace(/&#x3D;/g, '=');
    const tiles = [...html.matchAll(/<a href="([^"]+)"[^>]*><img src="([^"]+)" alt="([^"]+)"/g)].map(([, href, src, alt]) => ({
      href,
      src,
      alt,
    }));
    expect(tiles).toEqual([
      {
        href: expect.stringMatching(/^http:\/\/localhost:3000\/api\/order-photos\/[0-9a-f-]{36}\?exp=\d+&sig=[\w-]{43}$/),
        src: expect.stringMatching(/^http:\/\/localhost:3000\/api\/order-photos\/[0-9a-f-]{36}\?exp=\d+&size=thumb&sig=[\w-]{43}$/),
        alt: 'devanture.jpg',
      },
    ]);
    const [{ href, src }] = tiles;
    expect(new URL(src).pathname).toBe(new URL(href).pathname);
    expect(Number(new URL(href).searchParams.get('exp')) * 1000).toBeGreaterThan(Date.now() + 6.9 * 86400_000);
    const full = await followSigned(href.replace('http://localhost:3000', ''));
    const thumb = await followSigned(src.replace('http://localhost:3000', ''));
    expect([full.answer.status, thumb.answer.status]).toEqual([200, 200]);
    expect(full.location.pathname).toMatch(/[0-9a-f-]{36}\.jpg$/);
    expect(thumb.location.pathname).toMatch(/-thumb\.jpg$/);
    // The text version keeps the full link.
    expect(team.text).toContain(`devanture.jpg : ${href}`);

    const admin = await loginAdmin(t.api);
    const [{ site_id: siteId }] = await t.dataSource.query(`SELECT id AS site_id FROM sites WHERE order_draft_id = $1`, [draftId]);
    const site = (await t.api.get(`/api/admin/sites/${siteId}`).set(bearer(admin)).expect(200)).body;
    const [photo] = site.order.photos as PhotoBody[];
    expect(photo.thumbnailUrl).toMatch(/^\/api\/order-photos\/[0-9a-f-]{36}\?exp=\d+&size=thumb&sig=/);
    expect((await followSigned(photo.thumbnailUrl)).location.pathname).toMatch(/-thumb\.jpg$/);
  });
});
