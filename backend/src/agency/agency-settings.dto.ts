import { ApiProperty } from '@nestjs/swagger';
import {
  EmailField,
  EnumField,
  FrenchVatField,
  HttpsUrlField,
  OptionalHttpsUrlField,
  PhoneField,
  SirenField,
  SiretField,
  TextField,
} from '../common/fields';

const VAT_REGIMES = ['standard', 'franchise'] as const;
const VAT_RATES = ['20', '10', '5.5', '2.1'] as const;

const ONE_LINE = 'Ce champ doit tenir sur une ligne';
const text = (max: number, required: string, tooLong: string) => TextField({ max, required, tooLong, singleLine: ONE_LINE });

/**
 * L'identité de l'agence telle qu'un administrateur l'enregistre : tous les champs, obligatoires. SIREN, SIRET et
 * numéro de TVA peuvent être saisis avec des espaces ; ils sont enregistrés sans.
 */
export class UpdateAgencySettingsDto {
  /** Nom commercial */
  @text(100, 'Le nom commercial est requis', 'Le nom commercial ne doit pas dépasser 100 caractères')
  name: string;

  /** Raison sociale */
  @text(150, 'La raison sociale est requise', 'La raison sociale ne doit pas dépasser 150 caractères')
  legalName: string;

  /** Forme juridique (société par actions simplifiée…) */
  @text(100, 'La forme juridique est requise', 'La forme juridique ne doit pas dépasser 100 caractères')
  legalForm: string;

  /** Capital social tel qu'affiché (5 000 €) */
  @text(50, 'Le capital social est requis', 'Le capital social ne doit pas dépasser 50 caractères')
  capital: string;

  /** Adresse du siège */
  @text(300, "L'adresse du siège est requise", "L'adresse du siège ne doit pas dépasser 300 caractères")
  address: string;

  @text(100, 'Le pays est requis', 'Le pays ne doit pas dépasser 100 caractères')
  country: string;

  /** Ville du greffe (RCS Lyon) */
  @text(100, "La ville d'immatriculation est requise", "La ville d'immatriculation ne doit pas dépasser 100 caractères")
  rcsCity: string;

  /** SIREN, le numéro RCS (9 chiffres) */
  @SirenField()
  siren: string;

  /** SIRET du siège (14 chiffres, commence par le SIREN) */
  @SiretField('siren')
  siret: string;

  /** Numéro de TVA intracommunautaire (FR + clé + SIREN) */
  @FrenchVatField('siren')
  vat: string;

  /** Directeur de la publication, avec sa fonction */
  @text(150, 'Le directeur de la publication est requis', 'Le directeur de la publication ne doit pas dépasser 150 caractères')
  director: string;

  /** E-mail de contact affiché aux visiteurs et dans les e-mails */
  @EmailField({ required: "L'email de contact est requis", invalid: "Format d'email invalide" })
  email: string;

  /** Téléphone tel qu'affiché */
  @PhoneField({ required: 'Le téléphone est requis', invalid: 'Numéro de téléphone invalide (exemple : 01 23 45 67 89)' })
  phone: string;

  /** Prise de rendez-vous pour un appel de 30 minutes (https) */
  @HttpsUrlField({
    required: 'Le lien de prise de rendez-vous est requis',
    invalid: 'Le lien de prise de rendez-vous doit être une adresse https valide (https://…)',
  })
  bookingUrl: string;

  /** Où vont les e-mails de l'équipe (devis, commandes, messages du support…) */
  @EmailField({ required: "L'email de l'équipe est requis", invalid: "Format d'email invalide" })
  teamEmail: string;

  /** Hébergeur : nom */
  @text(150, "Le nom de l'hébergeur est requis", "Le nom de l'hébergeur ne doit pas dépasser 150 caractères")
  hostName: string;

  /** Hébergeur : adresse */
  @text(300, "L'adresse de l'hébergeur est requise", "L'adresse de l'hébergeur ne doit pas dépasser 300 caractères")
  hostAddress: string;

  /** Hébergeur : site web (https) */
  @HttpsUrlField({
    required: "Le site de l'hébergeur est requis",
    invalid: "Le site de l'hébergeur doit être une adresse https valide (https://…)",
  })
  hostWebsite: string;

  /** Absent : inchangé. Régime de TVA des factures : standard (TVA au taux `vatRate`) ou franchise en base (« TVA non applicable, art. 293 B du CGI ») */
  @EnumField(VAT_REGIMES, { name: 'VatRegime', invalid: 'Régime de TVA invalide (standard ou franchise)', optional: true })
  vatRegime?: (typeof VAT_REGIMES)[number];

  /** Absent : inchangé. Taux de TVA des factures, en pourcentage */
  @EnumField(VAT_RATES, { name: 'VatRate', invalid: 'Taux de TVA invalide (20, 10, 5.5 ou 2.1)', optional: true })
  vatRate?: (typeof VAT_RATES)[number];

  /** Absent : inchangé ; vide : aucun. Médiateur de la consommation dont relève l'agence (articles L612-1 et L616-1 du Code de la consommation), nommé dans les CGV et l'accusé de réception d'une rétractation */
  @TextField({ optional: true, max: 150, tooLong: 'Le nom du médiateur ne doit pas dépasser 150 caractères', singleLine: ONE_LINE })
  mediatorName?: string;

  /** Absent : inchangé ; vide : aucun. Site web du médiateur (https), où le client consommateur le saisit */
  @OptionalHttpsUrlField({ invalid: 'Le site du médiateur doit être une adresse https valide (https://…)' })
  mediatorWebsite?: string;
}

/** Les paramètres de l'agence en vigueur, pour la page d'administration. */
export class AgencySettingsDto {
  name: string;
  legalName: string;
  legalForm: string;
  capital: string;
  address: string;
  country: string;
  rcsCity: string;
  /** 9 chiffres, sans espaces */
  siren: string;
  /** 14 chiffres, sans espaces */
  siret: string;
  /** Sans espaces (FR65912345675) */
  vat: string;
  director: string;
  email: string;
  phone: string;
  bookingUrl: string;
  teamEmail: string;
  hostName: string;
  hostAddress: string;
  hostWebsite: string;
  @ApiProperty({ enum: VAT_REGIMES, enumName: 'VatRegime' })
  vatRegime: (typeof VAT_REGIMES)[number];
  @ApiProperty({ enum: VAT_RATES, enumName: 'VatRate' })
  vatRate: (typeof VAT_RATES)[number];
  /** Médiateur de la consommation ; vide : pas encore choisi */
  mediatorName: string;
  /** Son site web ; vide : inconnu */
  mediatorWebsite: string;
  /** Date du dernier enregistrement ; null : jamais enregistrés, ce sont les valeurs de l'environnement (AGENCY_*, TEAM_EMAIL) */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  savedAt: string | null;
}
