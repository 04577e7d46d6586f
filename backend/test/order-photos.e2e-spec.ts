import { existsSync, readdirSync, rmSync } from 'node:fs';
import sharp from 'sharp';
import { join } from 'node:path';
import { OrderDraftsService } from '../src/orders/order-drafts.service';
import { PhotoLinks } from '../src/orders/photos/photo-links';
import { createTestApp, registerClient, type TestApp } from './helpers/app';
import { GPS_RATIONALS, jpegMarkers, phoneJpeg, phonePng, pictureJpeg } from './helpers/images';
import { as, type DraftBody, type Owner, startDraft } from './helpers/orders';

const JPEG_SECRETS = ['SecretCam', 'xmpmeta', 'Photoshop', 'Lyon-Croix-Rousse', 'rue Secr', 'TRAILER'];
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  Buffer.alloc(64),
  Buffer.from('This program cannot be run in DOS mode.'),
]);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Photos of an order: checked by their bytes, limited in size and number, stripped of metadata, stored, purged. */
describe('order photos', () => {
  let t: TestApp;
  let uploads: string;
  beforeAll(async () => {
    t = await createTestApp();
    uploads = t.config.storage.uploadsDir;
  });
  afterAll(() => t.close());

  const upload = (draft: DraftBody, owner: Owner, data: Buffer, filename = 'vitrine.jpg', contentType = 'image/jpeg') =>
    as(t.api.post(`/api/order-drafts/${draft.id}/photos`), owner).attach('file', data, { filename, contentType });
  const filesOf = (draftId: string) =>
    existsSync(join(uploads, 'order-drafts', draftId)) ? readdirSync(join(uploads, 'order-drafts', draftId)) : [];
  const fetchBytes = (url: string, owner: Owner = {}) =>
    as(t.api.get(url), owner)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });

  it('stores a JPEG without its EXIF, GPS, XMP, IPTC, comment or trailer, and serves it to its owner', async () => {
    const { draft, owner } = await startDraft(t.api);
    const original = phoneJpeg();
    const res = await upload(draft, owner, original, 'Façade été.jpg').expect(201);
    expect(res.body).toMatchObject({ name: 'Façade été.jpg', contentType: 'image/jpeg' });
    expect(res.body.size).toBeLessThan(original.length);
    expect(res.body.url).toMatch(new RegExp(`^/api/order-photos/${res.body.id}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`));
    expect(res.body.thumbnailUrl).toMatch(new RegExp(`^/api/order-photos/${res.body.id}\\?exp=\\d+&size=thumb&sig=[A-Za-z0-9_-]{43}$`));

    expect(filesOf(draft.id).sort()).toEqual([`${res.body.id}-thumb.jpg`, `${res.body.id}.jpg`]);
    for (const url of [`/api/order-drafts/${draft.id}/photos/${res.body.id}`, res.body.url]) {
      const served = await fetchBytes(url, owner).expect(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toBe('private, max-age=3600');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const bytes = served.body as Buffer;
      expect(bytes.length).toBe(res.body.size);
      for (const secret of JPEG_SECRETS) expect(bytes.includes(secret)).toBe(false);
      expect(bytes.includes(GPS_RATIONALS)).toBe(false);
      // A fresh (progressive) JPEG, turned upright: no orientation tag, no metadata at all.
      expect(jpegMarkers(bytes)).toEqual(expect.arrayContaining([0xc2, 0xda]));
      const meta = await sharp(bytes).metadata();
      expect([meta.exif, meta.xmp, meta.iptc, meta.icc, meta.orientation]).toEqual([undefined, undefined, undefined, undefined, undefined]);
      expect(served.headers['content-disposition']).toBe(
        `inline; filename="Fa_ade _t_.jpg"; filename*=UTF-8''Fa%C3%A7ade%20%C3%A9t%C3%A9.jpg`,
      );
    }
    const listed = (await as(t.api.get(`/api/order-drafts/${draft.id}`), owner).expect(200)).body.photos;
    expect(listed).toEqual([
      expect.objectContaining({ id: res.body.id, name: 'Façade été.jpg', size: res.body.size, thumbnailUrl: res.body.thumbnailUrl }),
    ]);
  });

  it('makes a thumbnail at upload: 400 pixels wide at most, proportions kept, never enlarged, without metadata', async () => {
    const { draft, owner } = await startDraft(t.api);
    const big = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#2a6' } })
      .jpeg({ quality: 95 })
      .withExif({ IFD0: { Make: 'SecretCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100' } })
      .toBuffer();
    const small = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#a62' } })
      .png()
      .toBuffer();
    const logo = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300"><rect x="300" width="300" height="300" fill="#00f"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const cases = [
      { data: big, name: 'vitrine.jpg', thumb: { format: 'jpeg', width: 400, height: 267, type: 'image/jpeg', file: 'vitrine.jpg' } },
      { data: small, name: 'petite.png', thumb: { format: 'jpeg', width: 120, height: 90, type: 'image/jpeg', file: 'petite.jpg' } },
      { data: logo, name: 'logo.png', thumb: { format: 'png', width: 400, height: 133, type: 'image/png', file: 'logo.png' } },
    ];
    for (const { data, name, thumb } of cases) {
      const photo = (await upload(draft, owner, data, name, 'image/jpeg').expect(201)).body;
      for (const url of [photo.thumbnailUrl, `/api/order-drafts/${draft.id}/photos/${photo.id}?size=thumb`]) {
        const served = await fetchBytes(url, owner).expect(200);
        expect(served.headers['content-type']).toBe(thumb.type);
        expect(served.headers['cache-control']).toBe('private, max-age=3600');
        expect(served.headers['content-disposition']).toBe(`inline; filename="${thumb.file}"; filename*=UTF-8''${thumb.file}`);
        const meta = await sharp(served.body as Buffer).metadata();
        expect(meta).toMatchObject({ format: thumb.format, width: thumb.width, height: thumb.height });
        expect([meta.exif, meta.xmp, meta.iptc, meta.icc, meta.orientation]).toEqual([
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
        ]);
        expect((served.body as Buffer).includes('SecretCam')).toBe(false);
      }
      // The photo itself keeps its size.
      const full = await fetchBytes(`/api/order-drafts/${draft.id}/photos/${photo.id}?size=full`, owner).expect(200);
      expect((await sharp(full.body as Buffer).metadata()).width).toBe(name === 'vitrine.jpg' ? 1800 : name === 'petite.png' ? 120 : 900);
    }
    const [{ size_bytes, thumbnail_key, thumbnail_content_type }] = await t.dataSource.query(
      `SELECT size_bytes, thumbnail_key, thumbnail_content_type FROM order_photos WHERE draft_id = $1 ORDER BY position LIMIT 1`,
      [draft.id],
    );
    expect(thumbnail_key).toMatch(new RegExp(`^order-drafts/${draft.id}/[0-9a-f-]{36}-thumb\\.jpg$`));
    expect(thumbnail_content_type).toBe('image/jpeg');
    expect(size_bytes).toBeGreaterThan(10_000);

    const photo = (await as(t.api.get(`/api/order-drafts/${draft.id}`), owner).expect(200)).body.photos[0];
    const bad = await as(t.api.get(`/api/order-drafts/${draft.id}/photos/${photo.id}?size=small`), owner).expect(400);
    expect(bad.body).toEqual({ statusCode: 400, message: 'Données invalides', errors: { size: 'Taille de photo invalide.' } });
  });

  it('signs the size: a thumbnail link does not open the photo, nor the reverse, nor any other size', async () => {
    const { draft, owner } = await startDraft(t.api);
    const photo = (await upload(draft, owner, phoneJpeg()).expect(201)).body;
    const full = new URL(photo.url, 'http://x');
    const thumb = new URL(photo.thumbnailUrl, 'http://x');
    const [exp, fullSig, thumbSig] = [full.searchParams.get('exp'), full.searchParams.get('sig'), thumb.searchParams.get('sig')];
    await t.api.get(`/api/order-photos/${photo.id}?exp=${exp}&sig=${thumbSig}`).expect(404);
    await t.api.get(`/api/order-photos/${photo.id}?exp=${exp}&size=full&sig=${thumbSig}`).expect(404);
    await t.api.get(`/api/order-photos/${photo.id}?exp=${exp}&size=thumb&sig=${fullSig}`).expect(404);
    await t.api.get(`/api/order-photos/${photo.id}?exp=${exp}&size=large&sig=${thumbSig}`).expect(404);
    // The photo's link with size=full spelled out is the same link.
    await t.api.get(`/api/order-photos/${photo.id}?exp=${exp}&size=full&sig=${fullSig}`).expect(200);
  });

  it('serves a photo stored before thumbnails existed in place of its thumbnail, and deletes it', async () => {
    const { draft, owner } = await startDraft(t.api);
    const photo = (await upload(draft, owner, phoneJpeg(), 'ancienne.jpg').expect(201)).body;
    // As the rows and files of that time: no thumbnail.
    await t.dataSource.query(`UPDATE order_photos SET thumbnail_key = NULL, thumbnail_content_type = NULL WHERE id = $1`, [photo.id]);
    rmSync(join(uploads, 'order-drafts', draft.id, `${photo.id}-thumb.jpg`));
    const listed = (await as(t.api.get(`/api/order-drafts/${draft.id}`), owner).expect(200)).body.photos[0];
    const fullBytes = (await fetchBytes(listed.url).expect(200)).body as Buffer;
    for (const url of [listed.thumbnailUrl, `/api/order-drafts/${draft.id}/photos/${photo.id}?size=thumb`]) {
      const served = await fetchBytes(url, owner).expect(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect((served.body as Buffer).equals(fullBytes)).toBe(true);
    }
    await as(t.api.delete(`/api/order-drafts/${draft.id}/photos/${photo.id}`), owner).expect(204);
    expect(filesOf(draft.id)).toEqual([]);
  });

  it('stores a PNG without its text, EXIF or time chunks', async () => {
    const { draft, owner } = await startDraft(t.api);
    const res = await upload(draft, owner, phonePng().data, 'logo.png', 'image/png').expect(201);
    expect(res.body.contentType).toBe('image/png');
    const bytes = (await fetchBytes(res.body.url).expect(200)).body as Buffer;
    for (const secret of ['lat=48', 'Camille', 'SecretCam', 'tIME', 'eXIf']) expect(bytes.includes(secret)).toBe(false);
  });

  it('reads the type from the bytes: a renamed program, a GIF and an empty file are refused', async () => {
    const { draft, owner } = await startDraft(t.api);
    for (const [data, name, type] of [
      [EXE, 'photo.jpg', 'image/jpeg'],
      [GIF, 'anim.gif', 'image/gif'],
      [GIF, 'anim.png', 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'dessin.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(draft, owner, data, name, type).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: 'Seules les images JPG et PNG sont acceptées.',
        errors: { file: 'Seules les images JPG et PNG sont acceptées.' },
      });
    }
    expect(filesOf(draft.id)).toEqual([]);
    expect((await as(t.api.get(`/api/order-drafts/${draft.id}`), owner).expect(200)).body.photos).toEqual([]);
  });

  it('refuses an image that does not decode, and one over 40 megapixels, in French', async () => {
    const { draft, owner } = await startDraft(t.api);
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c84' } })
      .jpeg()
      .toBuffer();
    for (const cut of [pictureJpeg().data.subarray(0, 40), jpeg.subarray(0, jpeg.length / 2)]) {
      const res = await upload(draft, owner, cut, 'coupee.jpg').expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: 'Cette image est illisible ou incomplète.',
        errors: { file: 'Cette image est illisible ou incomplète.' },
      });
    }
    // 100 megapixels of white: 300 kB of PNG.
    const bomb = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(draft, owner, bomb, 'bombe.png', 'image/png').expect(400);
    expect(res.body.errors).toEqual({ file: 'Cette image est trop grande (40 mégapixels au maximum).' });
    expect(filesOf(draft.id)).toEqual([]);
  });

  it('names a photo after the sent name, cleaned, with the extension of its real type', async () => {
    const { draft, owner } = await startDraft(t.api);
    const png = phonePng().data;
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const sent: Array<[Buffer, string, string]> = [
      [png, 'photo.html', 'photo.png'],
      [Buffer.concat([png, html]), 'C:\\Users\\x\\page.exe', 'page.png'],
      [phoneJpeg(), 'photo\u202egpj.exe', 'photogpj.jpg'],
      [phoneJpeg(), '\u2066\u200f.png', 'photo.jpg'],
    ];
    for (const [data, name, expected] of sent) {
      const res = await upload(draft, owner, data, name).expect(201);
      expect(res.body.name).toBe(expected);
      const served = await fetchBytes(res.body.url).expect(200);
      expect(served.headers['content-disposition']).toBe(`inline; filename="${expected}"; filename*=UTF-8''${expected}`);
      expect((served.body as Buffer).includes('<script>')).toBe(false);
    }
    const listed = (await as(t.api.get(`/api/order-drafts/${draft.id}`), owner).expect(200)).body.photos as Array<{ name: string }>;
    expect(listed.map((p) => p.name)).toEqual(sent.map(([, , expected]) => expected));
  });

  it('refuses a photo over 5 MB without keeping it', async () => {
    const { draft, owner } = await startDraft(t.api);
    const big = Buffer.concat([pictureJpeg().data, Buffer.alloc(6 * 1024 * 1024, 1)]);
    const res = await upload(draft, owner, big, 'grande.jpg').expect(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'La photo dépasse 5 Mo.', errors: { file: 'La photo dépasse 5 Mo.' } });
    expect(filesOf(draft.id)).toEqual([]);
    // Exactly 5 MB is fine (an image, then bytes after its end, which are not kept).
    const jpeg = pictureJpeg().data;
    const fiveMb = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 - jpeg.length, 0)]);
    expect(fiveMb.length).toBe(5 * 1024 * 1024);
    const res5 = await upload(draft, owner, fiveMb, 'pile.jpg').expect(201);
    expect(res5.body.size).toBeLessThan(10_000);
    // 5 MB and one byte is not.
    await upload(draft, owner, Buffer.concat([fiveMb, Buffer.alloc(1)]), 'pile.jpg').expect(400);
  });

  it('takes 10 photos, refuses an eleventh (even sent in parallel), and deletes them one by one', async () => {
    const { draft, owner } = await startDraft(t.api);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => upload(draft, owner, phoneJpeg(), `photo-${i + 1}.jpg`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    for (const refused of results.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ file: '10 photos au maximum.' });
    }
    expect(filesOf(draft.id)).toHaveLength(20); // and their thumbnails
    const eleventh = await upload(draft, owner, phonePng().data, 'onze.png', 'image/png').expect(400);
    expect(eleventh.body.message).toBe('10 photos au maximum.');

    const photos = (await as(t.api.get(`/api/order-drafts/${draft.id}`), owner).expect(200)).body.photos as Array<{ id: string }>;
    expect(photos).toHaveLength(10);
    await as(t.api.delete(`/api/order-drafts/${draft.id}/photos/${photos[0].id}`), owner).expect(204);
    expect(filesOf(draft.id)).not.toContain(`${photos[0].id}.jpg`);
    expect(filesOf(draft.id)).not.toContain(`${photos[0].id}-thumb.jpg`);
    expect(filesOf(draft.id)).toHaveLength(18);
    await as(t.api.delete(`/api/order-drafts/${draft.id}/photos/${photos[0].id}`), owner).expect(404);
    await as(t.api.get(`/api/order-drafts/${draft.id}/photos/${photos[0].id}`), owner).expect(404);
    await upload(draft, owner, phonePng().data, 'remplace.png', 'image/png').expect(201);
  });

  it('answers 404 to everyone but the owner, and a bad or expired signed link', async () => {
    const { draft, owner } = await startDraft(t.api);
    const photo = (await upload(draft, owner, phoneJpeg()).expect(201)).body;
    const other = await startDraft(t.api);
    const client = await registerClient(t.api);
    for (const intruder of [{}, other.owner, { session: client }]) {
      await upload(draft, intruder, phoneJpeg()).expect(404);
      await as(t.api.get(`/api/order-drafts/${draft.id}/photos/${photo.id}`), intruder).expect(404);
      await as(t.api.delete(`/api/order-drafts/${draft.id}/photos/${photo.id}`), intruder).expect(404);
    }
    // The photo through another draft of the caller's is not found either.
    await as(t.api.get(`/api/order-drafts/${other.draft.id}/photos/${photo.id}`), other.owner).expect(404);

    const links = t.app.get(PhotoLinks);
    const url = new URL(photo.url, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const exp = url.searchParams.get('exp')!;
    await t.api.get(`/api/order-photos/${photo.id}?exp=${exp}&sig=${sig.slice(0, -2)}AA`).expect(404);
    await t.api.get(`/api/order-photos/${photo.id}?exp=${Number(exp) + 3600}&sig=${sig}`).expect(404);
    await t.api.get(`/api/order-photos/${photo.id}`).expect(404);
    const expired = (await t.api.get(links.link(photo.id, new Date(Date.now() - 1000))).expect(404)).body;
    expect(expired).toEqual({ statusCode: 404, message: 'Lien invalide ou expiré' });
    await t.api.get(links.link(photo.id, new Date(Date.now() + 60_000))).expect(200);
  });

  it('says what is wrong with the request itself in French', async () => {
    const { draft, owner } = await startDraft(t.api);
    const none = await as(t.api.post(`/api/order-drafts/${draft.id}/photos`), owner)
      .field('note', 'x')
      .expect(400);
    expect(none.body.errors).toEqual({ file: 'Aucune photo reçue.' });
    const wrongField = await as(t.api.post(`/api/order-drafts/${draft.id}/photos`), owner)
      .attach('photo', phoneJpeg(), 'a.jpg')
      .expect(400);
    expect(wrongField.body.errors).toEqual({ file: 'Envoyez une seule photo, dans le champ « file ».' });
    const two = await as(t.api.post(`/api/order-drafts/${draft.id}/photos`), owner)
      .attach('file', phoneJpeg(), 'a.jpg')
      .attach('file', phoneJpeg(), 'b.jpg')
      .expect(400);
    expect(two.body.errors).toEqual({ file: 'Envoyez une seule photo, dans le champ « file ».' });
    expect(filesOf(draft.id)).toEqual([]);
  });

  it('keeps a paid order’s photos as they are', async () => {
    const { draft, owner } = await startDraft(t.api);
    const photo = (await upload(draft, owner, phoneJpeg()).expect(201)).body;
    await t.dataSource.query(`UPDATE order_drafts SET status = 'paid' WHERE id = $1`, [draft.id]);
    expect((await upload(draft, owner, phoneJpeg()).expect(409)).body.message).toBe('Cette commande est déjà payée');
    await as(t.api.delete(`/api/order-drafts/${draft.id}/photos/${photo.id}`), owner).expect(409);
    await as(t.api.get(`/api/order-drafts/${draft.id}/photos/${photo.id}`), owner).expect(200);
  });

  it('purges drafts unpaid and untouched for 30 days, with their photos’ files and thumbnails, and nothing else', async () => {
    const stale = await startDraft(t.api);
    const fresh = await startDraft(t.api);
    const paid = await startDraft(t.api);
    for (const d of [stale, fresh, paid]) {
      await upload(d.draft, d.owner, phoneJpeg()).expect(201);
      await upload(d.draft, d.owner, phonePng().data, 'b.png', 'image/png').expect(201);
    }
    await t.dataSource.query(`UPDATE order_drafts SET updated_at = now() - interval '31 days' WHERE id = ANY($1)`, [
      [stale.draft.id, paid.draft.id],
    ]);
    await t.dataSource.query(`UPDATE order_drafts SET status = 'paid' WHERE id = $1`, [paid.draft.id]);
    await t.dataSource.query(`UPDATE order_drafts SET updated_at = now() - interval '29 days' WHERE id = $1`, [fresh.draft.id]);
    expect(filesOf(stale.draft.id)).toHaveLength(4);

    const purged = await t.app.get(OrderDraftsService).purgeStale();
    expect(purged.drafts).toBeGreaterThanOrEqual(1);
    expect(await t.dataSource.query(`SELECT id FROM order_drafts WHERE id = $1`, [stale.draft.id])).toEqual([]);
    expect(await t.dataSource.query(`SELECT id FROM order_photos WHERE draft_id = $1`, [stale.draft.id])).toEqual([]);
    expect(existsSync(join(uploads, 'order-drafts', stale.draft.id))).toBe(false);
    await as(t.api.get(`/api/order-drafts/${stale.draft.id}`), stale.owner).expect(404);
    for (const kept of [fresh, paid]) {
      expect(filesOf(kept.draft.id)).toHaveLength(4);
      expect((await as(t.api.get(`/api/order-drafts/${kept.draft.id}`), kept.owner).expect(200)).body.photos).toHaveLength(2);
    }
    // A photo added or removed counts as activity.
    await t.dataSource.query(`UPDATE order_drafts SET updated_at = now() - interval '31 days' WHERE id = $1`, [fresh.draft.id]);
    await upload(fresh.draft, fresh.owner, phoneJpeg()).expect(201);
    await t.app.get(OrderDraftsService).purgeStale();
    expect(filesOf(fresh.draft.id)).toHaveLength(6);
  });
});
