import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, Matches, ValidateNested } from 'class-validator';
import { EmailField } from '../../common/fields';

// Checks run bottom-up and stop at the first failure: "required" sits at the bottom.
export class AddOnsDto {
  /** Création de logo (15 €, le premier mois) */
  @IsOptional()
  @IsBoolean({ message: 'Valeur invalide' })
  logo?: boolean;

  /** Fiche Google Business (10 €/mois) */
  @IsOptional()
  @IsBoolean({ message: 'Valeur invalide' })
  googleBusiness?: boolean;

  /** Profil Trustpilot (10 €/mois) */
  @IsOptional()
  @IsBoolean({ message: 'Valeur invalide' })
  trustpilot?: boolean;

  /** Adresses e-mail supplémentaires (partie avant @), 1 €/mois chacune */
  @IsOptional()
  @Matches(/^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/i, { each: true, message: 'Adresse e-mail supplémentaire invalide' })
  @IsString({ each: true, message: 'Adresse e-mail supplémentaire invalide' })
  @ArrayMaxSize(20, { message: '20 adresses supplémentaires au plus' })
  @IsArray({ message: 'Liste invalide' })
  extraEmails?: string[];
}

export class CreateCheckoutSessionDto {
  @ApiProperty({ enum: ['pro', 'business'], enumName: 'PaidPlanType' })
  @IsIn(['pro', 'business'], { message: 'Formule invalide' })
  planType: 'pro' | 'business';

  @ApiPropertyOptional({ type: AddOnsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => AddOnsDto)
  addOns?: AddOnsDto;

  @EmailField()
  email: string;
}

export class CheckoutSessionResponseDto {
  /** Identifiant de la session de paiement (cs_…) */
  sessionId: string;
  /** Page de paiement où envoyer le navigateur */
  url: string;
}

export class CheckoutSessionStatusDto {
  @ApiProperty({ enum: ['open', 'complete', 'expired'] })
  status: 'open' | 'complete' | 'expired';
  @ApiProperty({ enum: ['paid', 'unpaid', 'no_payment_required'] })
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
}
