import { ApiProperty } from '@nestjs/swagger';
import { EmailField, EnumField, NestedField, TextField } from '../../common/fields';
import {
  MODIFICATION_PRIORITIES,
  MODIFICATION_TYPES,
  type ModificationPriority,
  type ModificationType,
} from '../modification-request.entity';

export class CreateModificationRequestDto {
  @EnumField(MODIFICATION_TYPES, { name: 'ModificationType', invalid: 'Type de modification invalide' })
  type: ModificationType;

  @EnumField(MODIFICATION_PRIORITIES, { name: 'ModificationPriority', invalid: 'Priorité invalide' })
  priority: ModificationPriority;

  @TextField({ max: 5000, required: 'La description est requise', tooLong: 'La description ne doit pas dépasser 5000 caractères' })
  description: string;
}

export class ModificationRequestResponseDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ enum: MODIFICATION_TYPES, enumName: 'ModificationType' })
  type: ModificationType;
  @ApiProperty({ enum: MODIFICATION_PRIORITIES, enumName: 'ModificationPriority' })
  priority: ModificationPriority;
  description: string;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export const BUSINESS_TYPES = ['restaurant', 'retail', 'service', 'professionnel', 'ecommerce', 'autre'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

const TOO_LONG = 'Ce champ ne doit pas dépasser 2000 caractères';
const SHORT_TOO_LONG = 'Ce champ ne doit pas dépasser 200 caractères';

export class BusinessContactInfoDto {
  @EmailField({ required: "L'email est requis", invalid: "Format d'email invalide" })
  email: string;
  @TextField({ optional: true, max: 40, tooLong: 'Le téléphone ne doit pas dépasser 40 caractères' })
  phone?: string;
  @TextField({ optional: true, max: 200, tooLong: SHORT_TOO_LONG })
  address?: string;
  @TextField({ optional: true, max: 100, tooLong: 'Ce champ ne doit pas dépasser 100 caractères' })
  city?: string;
  @TextField({ optional: true, max: 20, tooLong: 'Le code postal ne doit pas dépasser 20 caractères' })
  postalCode?: string;
  @TextField({ optional: true, max: 100, tooLong: 'Ce champ ne doit pas dépasser 100 caractères' })
  country?: string;
}

export class BusinessSocialMediaDto {
  @TextField({ optional: true, max: 200, tooLong: SHORT_TOO_LONG })
  facebook?: string;
  @TextField({ optional: true, max: 200, tooLong: SHORT_TOO_LONG })
  instagram?: string;
  @TextField({ optional: true, max: 200, tooLong: SHORT_TOO_LONG })
  linkedin?: string;
  @TextField({ optional: true, max: 200, tooLong: SHORT_TOO_LONG })
  twitter?: string;
}

/** Le questionnaire « options business » d'un site (spécification §3 et §5) */
export class BusinessOptionsDto {
  @TextField({ max: 200, required: "Le nom de l'entreprise est requis", tooLong: SHORT_TOO_LONG })
  businessName: string;
  @EnumField(BUSINESS_TYPES, { name: 'BusinessType', invalid: "Le type d'activité est requis" })
  businessType: BusinessType;
  @TextField({ max: 200, required: "Le secteur d'activité est requis", tooLong: SHORT_TOO_LONG })
  industry: string;
  @TextField({ optional: true, max: 2000, tooLong: TOO_LONG })
  targetAudience?: string;
  @TextField({ max: 2000, required: 'Les services principaux sont requis', tooLong: TOO_LONG })
  keyServices: string;
  @NestedField(BusinessContactInfoDto, { invalid: 'Les coordonnées sont requises' })
  contactInfo: BusinessContactInfoDto;
  @TextField({ max: 2000, required: 'Les objectifs sont requis', tooLong: TOO_LONG })
  businessGoals: string;
  @TextField({ optional: true, max: 2000, tooLong: TOO_LONG })
  designPreferences?: string;
  @TextField({ optional: true, max: 2000, tooLong: TOO_LONG })
  specialRequirements?: string;
  @TextField({ optional: true, max: 200, tooLong: SHORT_TOO_LONG })
  budget?: string;
  @TextField({ optional: true, max: 200, tooLong: SHORT_TOO_LONG })
  timeline?: string;
  @TextField({ optional: true, max: 2000, tooLong: TOO_LONG })
  competitors?: string;
  @NestedField(BusinessSocialMediaDto, { optional: true })
  socialMedia?: BusinessSocialMediaDto;
}

export class BusinessContactInfoResponseDto {
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
}

export class BusinessSocialMediaResponseDto {
  facebook: string;
  instagram: string;
  linkedin: string;
  twitter: string;
}

/** Le questionnaire tel qu'enregistré, ou prérempli (e-mail du compte, France) tant qu'il ne l'est pas */
export class BusinessOptionsResponseDto {
  businessName: string;
  /** Vide tant que le questionnaire n'est pas enregistré */
  @ApiProperty({ enum: [...BUSINESS_TYPES, ''] })
  businessType: BusinessType | '';
  industry: string;
  targetAudience: string;
  keyServices: string;
  contactInfo: BusinessContactInfoResponseDto;
  businessGoals: string;
  designPreferences: string;
  specialRequirements: string;
  budget: string;
  timeline: string;
  competitors: string;
  socialMedia: BusinessSocialMediaResponseDto;
  /** Dernier enregistrement ; null tant que le questionnaire n'a jamais été envoyé */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  savedAt: string | null;
}
