import { ApiProperty } from '@nestjs/swagger';

export class SignInDto {
  /** Ouverture de la session */
  @ApiProperty({ format: 'date-time' })
  at: string;
  /** Fin de la session (déconnexion, changement de mot de passe…), null si elle est encore ouverte ou a expiré */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  endedAt: string | null;
}

export class TeamViewDto {
  /** Début de la consultation de l'espace par l'équipe, en lecture seule */
  @ApiProperty({ format: 'date-time' })
  startedAt: string;
  /** Sa fin ; null tant qu'elle est en cours */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  endedAt: string | null;
}

export class ActivityResponseDto {
  /** Les 20 dernières connexions, les plus récentes d'abord */
  signIns: SignInDto[];
  /** Les 20 dernières consultations de l'espace par l'équipe */
  teamViews: TeamViewDto[];
}
