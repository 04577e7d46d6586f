import { Body, Controller, Get, Ip, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiTags } from '@nestjs/swagger';
import { CheckoutSessionResponseDto } from '../billing/dto/billing.dto';
import { CheckoutSessionStatusDto, CreateCheckoutSessionDto } from './dto/order-checkout.dto';
import { Public } from '../common/access.decorator';
import { RateLimited } from '../common/rate-limit/rate-limit-headers';
import { ApiCallerSession, Caller, type DraftCaller } from './draft-caller';
import { OrderCheckoutService } from './order-checkout.service';

/** An order's payment (the routes of billing's contract tag). */
@ApiTags('billing')
@Controller()
export class OrderCheckoutController {
  constructor(private readonly checkout: OrderCheckoutService) {}

  /**
   * Ouvre le paiement Stripe d'une commande de l'appelant ; formule, options et montants viennent de la commande et du
   * catalogue. Un visiteur dont l'e-mail a déjà un compte doit d'abord se connecter (409).
   */
  @Public()
  @Post('checkout-sessions')
  @ApiConflictResponse({ description: 'Commande déjà payée, ou e-mail d’un compte existant (visiteur non connecté)' })
  @ApiCallerSession()
  @RateLimited('Trop de paiements commencés depuis cette adresse IP ou pour cet e-mail (retryAfter : secondes restantes)')
  createCheckoutSession(
    @Body() dto: CreateCheckoutSessionDto,
    @Caller() caller: DraftCaller,
    @Ip() ip: string,
  ): Promise<CheckoutSessionResponseDto> {
    return this.checkout.create(dto, caller, ip);
  }

  /**
   * État d'un paiement pour la page de confirmation : payé, commande enregistrée. À son acheteur connecté seulement :
   * le site créé, si un compte a été créé, le choix d'être rappelé (le numéro de session seul n'en dit pas plus).
   */
  @Public()
  @Get('checkout-sessions/:id')
  @ApiCallerSession()
  getCheckoutSession(@Param('id') id: string, @Caller() caller: DraftCaller): Promise<CheckoutSessionStatusDto> {
    return this.checkout.status(id, caller.user);
  }
}
