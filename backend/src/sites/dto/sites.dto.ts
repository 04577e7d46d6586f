import { ApiProperty } from '@nestjs/swagger';
import { SITE_STATUSES, SITE_TYPES, type SiteStatus, type SiteType } from '../site.entity';

/** L'avancement de la création du site, dans l'ordre des étapes */
export class SiteProgressionDto {
  /** Démarré */
  started: boolean;
  /** Design OK */
  designOk: boolean;
  /** Développement OK */
  devOk: boolean;
  /** SEO OK */
  seoOk: boolean;
  /** Review technique */
  technoReview: boolean;
}

export class SiteDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  siteName: string;
  /** Nom de domaine, null tant qu'il n'est pas connu */
  @ApiProperty({ type: String, nullable: true })
  domain: string | null;
  @ApiProperty({ enum: SITE_STATUSES, enumName: 'SiteStatus' })
  status: SiteStatus;
  @ApiProperty({ enum: SITE_TYPES, enumName: 'SiteType' })
  type: SiteType;
  progression: SiteProgressionDto;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

export class SiteListResponseDto {
  sites: SiteDto[];
  total: number;
}
