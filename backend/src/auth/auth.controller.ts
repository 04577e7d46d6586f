import { RateLimited } from '../common/rate-limit/rate-limit-headers';
import { Body, Controller, Get, HttpCode, HttpException, Ip, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiForbiddenResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/access.decorator';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { AuthService } from './auth.service';
import {
  ChangePasswordDto,
  FirstLoginDto,
  ForgotPasswordDto,
  LoginDto,
  MessageResponseDto,
  RefreshDto,
  RegisterDto,
  ResetPasswordDto,
  SessionResponseDto,
  UpdateMeDto,
  UserResponseDto,
} from './dto/auth.dto';
import { ActivityResponseDto } from './dto/activity.dto';
import { SessionCookie } from './session-cookie';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookie: SessionCookie,
  ) {}

  /** Crée un compte client et ouvre une session. */
  @Public()
  @Post('register')
  @RateLimited('Trop de comptes créés depuis cette adresse IP ou pour cet e-mail (retryAfter : secondes restantes)')
  async register(@Body() dto: RegisterDto, @Ip() ip: string, @Res({ passthrough: true }) res: Response): Promise<SessionResponseDto> {
    return this.cookie.send(res, await this.auth.register(dto, ip));
  }

  /** Connexion par e-mail et mot de passe. */
  @Public()
  @Post('login')
  @ApiTooManyRequestsResponse({ description: 'Adresse verrouillée après trop de tentatives (retryAfter : secondes restantes)' })
  @HttpCode(200)
  @ApiUnauthorizedResponse({ description: 'Email ou mot de passe incorrect' })
  async login(@Body() dto: LoginDto, @Res({ passthrough: true }) res: Response): Promise<SessionResponseDto> {
    return this.cookie.send(res, await this.auth.login(dto));
  }

  /** Échange un jeton de rafraîchissement (corps ou cookie) contre une nouvelle session ; le jeton présenté est consommé. */
  @Public()
  @Post('refresh')
  @HttpCode(200)
  @ApiBody({ type: RefreshDto, required: false })
  @ApiUnauthorizedResponse({
    description: 'Jeton absent, expiré, révoqué ou déjà utilisé, ou session ouverte depuis plus de SESSION_MAX_DAYS jours',
  })
  @ApiForbiddenResponse({ description: "Appel depuis une page d'une autre origine (Origin ou Referer hors APP_URL et CORS_ORIGINS)" })
  async refresh(@Body() dto: RefreshDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SessionResponseDto> {
    this.cookie.assertTrustedOrigin(req);
    try {
      return this.cookie.send(res, await this.auth.refresh(this.cookie.read(req, dto.refresh_token)));
    } catch (error) {
      // A refused refresh token (expired, revoked, replayed): drop the cookies so the browser stops presenting it.
      if (error instanceof HttpException && error.getStatus() < 500) this.cookie.clear(res);
      throw error;
    }
  }

  /** Ferme la session courante (jeton d'accès ou de rafraîchissement). */
  @Public()
  @Post('logout')
  @HttpCode(204)
  @ApiBody({ type: RefreshDto, required: false })
  @ApiForbiddenResponse({ description: "Appel depuis une page d'une autre origine (Origin ou Referer hors APP_URL et CORS_ORIGINS)" })
  async logout(
    @Body() dto: RefreshDto,
    @Req() req: Request & { user?: AuthenticatedUser },
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    this.cookie.assertTrustedOrigin(req);
    this.cookie.clear(res);
    await this.auth.logout(req.user?.sessionId, this.cookie.read(req, dto.refresh_token));
  }

  /** Le compte connecté. */
  @Get('me')
  getMe(@CurrentUser() { user }: AuthenticatedUser): UserResponseDto {
    return this.auth.me(user);
  }

  /** L'activité du compte : ses connexions et les consultations de son espace par l'équipe. */
  @Get('activity')
  getActivity(@CurrentUser() { user }: AuthenticatedUser): Promise<ActivityResponseDto> {
    return this.auth.activity(user);
  }

  /** Modifie le nom (l'e-mail n'est pas modifiable ici). */
  @Patch('me')
  updateMe(@CurrentUser() { user }: AuthenticatedUser, @Body() dto: UpdateMeDto): Promise<UserResponseDto> {
    return this.auth.updateMe(user, dto);
  }

  /** Vérifie l'ancien mot de passe, change le mot de passe, ferme toutes les sessions et en ouvre une nouvelle. */
  @Post('change-password')
  @HttpCode(200)
  async changePassword(
    @CurrentUser() { user }: AuthenticatedUser,
    @Body() dto: ChangePasswordDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionResponseDto> {
    return this.cookie.send(res, await this.auth.changePassword(user, dto));
  }

  /** Première connexion : définit le mot de passe à l'aide du jeton reçu par e-mail, puis ouvre une session. */
  @Public()
  @Post('first-login')
  @HttpCode(200)
  async firstLogin(@Body() dto: FirstLoginDto, @Res({ passthrough: true }) res: Response): Promise<SessionResponseDto> {
    return this.cookie.send(res, await this.auth.firstLogin(dto));
  }

  /** Envoie un lien de réinitialisation si un compte existe ; la réponse est la même dans tous les cas. */
  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  @RateLimited('Trop de demandes depuis cette adresse IP (retryAfter)')
  forgotPassword(@Body() dto: ForgotPasswordDto, @Ip() ip: string): Promise<MessageResponseDto> {
    return this.auth.forgotPassword(dto, ip);
  }

  /** Choisit un nouveau mot de passe avec le lien reçu (valable 30 minutes, une seule fois), puis ouvre une session. */
  @Public()
  @Post('reset-password')
  @HttpCode(200)
  async resetPassword(@Body() dto: ResetPasswordDto, @Res({ passthrough: true }) res: Response): Promise<SessionResponseDto> {
    return this.cookie.send(res, await this.auth.resetPassword(dto));
  }
}
