import { RateLimited } from '../common/rate-limit/rate-limit-headers';
import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { CreateSupportMessageDto, SupportMessageResponseDto, SupportWaitDto } from './dto/support.dto';
import { SupportService } from './support.service';

@ApiTags('support')
@Controller('support/messages')
export class SupportController {
  constructor(private readonly support: SupportService) {}

  /** Envoie un message au support (enregistré et transmis à l'équipe) ; un message toutes les 15 minutes par compte. */
  @Post()
  @RateLimited('Un message a été envoyé il y a moins de 15 minutes (retryAfter : secondes restantes)')
  sendSupportMessage(@CurrentUser() { user }: AuthenticatedUser, @Body() dto: CreateSupportMessageDto): Promise<SupportMessageResponseDto> {
    return this.support.send(user, dto);
  }

  /** Quand le prochain message pourra partir (le compte à rebours survit à un rechargement ou à un autre appareil). */
  @Get('next-allowed')
  getSupportWait(@CurrentUser() { user }: AuthenticatedUser): Promise<SupportWaitDto> {
    return this.support.nextAllowed(user.id);
  }
}
