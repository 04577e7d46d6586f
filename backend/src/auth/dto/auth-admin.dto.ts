import { ApiProperty } from '@nestjs/swagger';
import { UserResponseDto } from './auth.dto';

/** Le compte auquel appartient un site ou une facture */
export class OwnerDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** Vide une fois le compte fermé */
  name: string;
  email: string;
  /** Date de fermeture du compte (son nom et son e-mail n'y sont plus) ; null pour un compte ouvert */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  closedAt: string | null;
}

/** 'Voir comme le client' : le jeton d'une consultation de l'espace du client, en lecture seule. */
export class ClientViewStartedDto {
  @ApiProperty({ format: 'uuid' })
  viewId: string;
  /** Jeton d'accès de la consultation (lecture seule, sans jeton de rafraîchissement), à envoyer en `Authorization: Bearer` */
  accessToken: string;
  /** Fin de la consultation (30 minutes au plus) */
  @ApiProperty({ format: 'date-time' })
  expiresAt: string;
  /** Le client dont l'espace est consulté */
  client: UserResponseDto;
}

export class ClientViewEndedDto {
  @ApiProperty({ format: 'uuid' })
  viewId: string;
  @ApiProperty({ format: 'date-time' })
  startedAt: string;
  @ApiProperty({ format: 'date-time' })
  endedAt: string;
  /** Durée de la consultation, en secondes */
  durationSeconds: number;
}
