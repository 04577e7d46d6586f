import { RateLimited } from '../common/rate-limit/rate-limit-headers';
import { Body, Controller, Delete, Get, Header, HttpCode, Ip, Patch, Post, Query, Res, StreamableFile, UploadedFile } from '@nestjs/common';
import { ApiConflictResponse, ApiFoundResponse, ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/access.decorator';
import { UuidParam, uuidParam } from '../common/uuid-param';
import { ApiCallerSession, Caller, type DraftCaller, DraftCookie } from './draft-caller';
import { CreateOrderDraftDto, OrderDraftDto, OrderPhotoDto, OrderPhotoQueryDto, UpdateOrderDraftDto } from './dto/order-drafts.dto';
import { DRAFT_NOT_FOUND, OrderDraftsService, type UploadedPhoto } from './order-drafts.service';
import { PHOTO_SIZES } from './photos/photo-links';
import { PhotoBytes, photoAnswer, PhotoUpload, signedPhotoAnswer } from './photos/photo-upload';

const draftId = uuidParam(DRAFT_NOT_FOUND);
/** Why an edit is refused: the order is paid (or was paid an instant ago), or a payment of it is being opened. */
const EDIT_REFUSED = 'Commande déjà payée (ou payée à l’instant par son paiement ouvert), ou paiement en cours d’ouverture : réessayer';
const photoId = uuidParam('Photo introuvable');

/**
 * The order wizard's draft, autosaved on the server. Public: an anonymous draft belongs to the browser holding its
 * cookie, a signed-in buyer's to the account; anyone else is told it does not exist (404).
 */
@ApiTags('orders')
@ApiCallerSession()
@Controller('order-drafts')
export class OrderDraftsController {
  constructor(
    private readonly drafts: OrderDraftsService,
    private readonly cookie: DraftCookie,
  ) {}

  /** Commence une commande ; un visiteur reçoit le cookie `order_draft` qui la lui réserve (30 jours). */
  @Public()
  @Post()
  @RateLimited('Trop de commandes commencées depuis cette adresse')
  async createOrderDraft(
    @Body() dto: CreateOrderDraftDto,
    @Caller() caller: DraftCaller,
    @Ip() ip: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<OrderDraftDto> {
    return this.cookie.issue(res, await this.drafts.create(dto, caller, ip));
  }

  /** La dernière commande non payée de l'appelant (compte connecté ou cookie du navigateur) ; 204 s'il n'en a pas. */
  @Public()
  @Get('current')
  @ApiOkResponse({ type: OrderDraftDto, description: 'La commande en cours' })
  @ApiNoContentResponse({ description: "Aucune commande en cours (première visite) : ce n'est pas une erreur" })
  async getCurrentOrderDraft(@Caller() caller: DraftCaller, @Res({ passthrough: true }) res: Response): Promise<OrderDraftDto | undefined> {
    const draft = await this.drafts.current(caller);
    if (!draft) res.status(204);
    return draft ?? undefined;
  }

  /** Une commande de l'appelant. */
  @Public()
  @Get(':id')
  getOrderDraft(@UuidParam('id', draftId) id: string, @Caller() caller: DraftCaller): Promise<OrderDraftDto> {
    return this.drafts.get(id, caller);
  }

  /**
   * Enregistrement automatique : seuls les champs envoyés changent ; une commande payée ne change plus (409). Un paiement
   * ouvert de la commande est d'abord annulé chez Stripe : on paie ce que dit la commande.
   */
  @Public()
  @Patch(':id')
  @ApiConflictResponse({ description: EDIT_REFUSED })
  updateOrderDraft(
    @UuidParam('id', draftId) id: string,
    @Body() dto: UpdateOrderDraftDto,
    @Caller() caller: DraftCaller,
  ): Promise<OrderDraftDto> {
    return this.drafts.update(id, dto, caller);
  }

  /** Ajoute une photo (JPG ou PNG, 5 Mo au plus, 10 par commande) ; ses métadonnées (EXIF, GPS…) sont retirées. */
  @Public()
  @Post(':id/photos')
  @PhotoUpload()
  @ApiConflictResponse({ description: EDIT_REFUSED })
  addOrderPhoto(
    @UuidParam('id', draftId) id: string,
    @UploadedFile() file: UploadedPhoto | undefined,
    @Caller() caller: DraftCaller,
  ): Promise<OrderPhotoDto> {
    return this.drafts.addPhoto(id, file, caller);
  }

  /** Retire une photo de la commande. */
  @Public()
  @Delete(':id/photos/:photoId')
  @HttpCode(204)
  @ApiConflictResponse({ description: EDIT_REFUSED })
  deleteOrderPhoto(
    @UuidParam('id', draftId) id: string,
    @UuidParam('photoId', photoId) photo: string,
    @Caller() caller: DraftCaller,
  ): Promise<void> {
    return this.drafts.deletePhoto(id, photo, caller);
  }

  /** L'image d'une photo de la commande, ou sa vignette (`size=thumb`). */
  @Public()
  @Get(':id/photos/:photoId')
  @PhotoBytes()
  @Header('Cache-Control', 'private, max-age=3600')
  async getOrderPhoto(
    @UuidParam('id', draftId) id: string,
    @UuidParam('photoId', photoId) photo: string,
    @Query() query: OrderPhotoQueryDto,
    @Caller() caller: DraftCaller,
  ): Promise<StreamableFile> {
    return photoAnswer(await this.drafts.photoFile(id, photo, caller, query.size));
  }
}

/**
 * Photos reached by a signed, expiring link: the team's mail (7 days), the wizard and the admin's page. From local
 * disk the bytes come through the app; from S3 the answer is a redirect to a presigned link of the bucket.
 */
@ApiTags('orders')
@Controller('order-photos')
export class OrderPhotosController {
  constructor(private readonly drafts: OrderDraftsService) {}

  /** L'image d'une photo ou sa vignette, par un lien signé (`exp`, `size`, `sig`) ; un lien faux ou expiré répond 404. */
  @Public()
  @Get(':photoId')
  @PhotoBytes()
  @ApiFoundResponse({
    description:
      "Photos sur S3 : l'image est à lire à l'adresse présignée donnée par Location, valable une heure au plus et jamais au-delà du lien signé",
    headers: { Location: { description: 'Lien présigné du bucket S3 (une heure au plus)', schema: { type: 'string', format: 'uri' } } },
  })
  @Header('Cache-Control', 'private, max-age=3600')
  @ApiQuery({
    name: 'exp',
    required: false,
    description: 'Fin de validité (secondes Unix) ; toute autre valeur : 404',
    schema: { type: 'string', maxLength: 12 },
  })
  @ApiQuery({
    name: 'size',
    required: false,
    description: 'La photo (absent) ou sa vignette (`thumb`), telle que signée ; toute autre valeur : 404',
    enum: PHOTO_SIZES,
    enumName: 'PhotoSize',
  })
  @ApiQuery({
    name: 'sig',
    required: false,
    description: 'Signature HMAC-SHA256 (base64url) ; toute autre valeur : 404',
    schema: { type: 'string', maxLength: 43 },
  })
  async getSignedOrderPhoto(
    @UuidParam('photoId', photoId) photo: string,
    @Res({ passthrough: true }) res: Response,
    @Query('exp') exp?: string,
    @Query('sig') sig?: string,
    @Query('size') size?: string,
  ): Promise<StreamableFile | undefined> {
    return signedPhotoAnswer(await this.drafts.signedPhoto(photo, exp, sig, size), res);
  }
}
