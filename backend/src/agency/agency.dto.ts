import { ApiProperty } from '@nestjs/swagger';
import type { AgencyIdentity } from '@vitrine/domain';

export class AgencyHostDto {
  name: string;
  address: string;
  website: string;
}

/** Le médiateur de la consommation dont relève l'agence */
export class AgencyMediatorDto {
  name: string;
  /** Site web (https) ; vide : inconnu */
  website: string;
}

/** L'identité de l'agence et ses coordonnées, pour les pages publiques */
export class AgencyResponseDto implements AgencyIdentity {
  /** Nom commercial */
  name: string;
  /** Raison sociale */
  legalName: string;
  legalForm: string;
  capital: string;
  address: string;
  country: string;
  rcs: string;
  siret: string;
  vat: string;
  /** Directeur de la publication */
  director: string;
  email: string;
  /** Téléphone tel qu'affiché */
  phone: string;
  /** Lien tel: */
  phoneHref: string;
  /** Prise de rendez-vous pour un appel de 30 minutes */
  bookingUrl: string;
  /** Mentions légales en une ligne */
  legalLine: string;
  host: AgencyHostDto;
  /** Médiateur de la consommation (articles L612-1 et L616-1 du Code de la consommation) ; null : pas encore choisi */
  @ApiProperty({ type: AgencyMediatorDto, nullable: true })
  mediator: AgencyMediatorDto | null;
}
