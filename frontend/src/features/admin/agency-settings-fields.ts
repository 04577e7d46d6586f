import type { UpdateAgencySettingsDto } from '../../api/generated/model';

export type AgencySettingsField = keyof UpdateAgencySettingsDto;

/** Each field of the agency's settings: its label (the form, the audit log), its input, its hint, its width. */
export interface AgencyFieldSpec {
  name: AgencySettingsField;
  label: string;
  type?: 'email' | 'tel' | 'url';
  autoComplete?: string;
  hint?: string;
  /** Takes the whole row from 640 px (long values: addresses, links) */
  wide?: boolean;
  /** May stay empty (' (facultatif)' after its label) */
  optional?: boolean;
  /** A choice among these values (a select) instead of a text input */
  options?: ReadonlyArray<{ value: string; label: string }>;
}

/** The form's sections, in order; every field of the settings is in one of them. */
export const AGENCY_SETTINGS_SECTIONS: { title: string; description: string; fields: AgencyFieldSpec[] }[] = [
  {
    title: 'Identité',
    description: 'Le nom affiché sur le site et dans les e-mails, et la société qui édite le site.',
    fields: [
      { name: 'name', label: 'Nom commercial', autoComplete: 'organization' },
      { name: 'legalName', label: 'Raison sociale' },
      { name: 'legalForm', label: 'Forme juridique', hint: 'Par exemple : société par actions simplifiée.' },
      { name: 'capital', label: 'Capital social', hint: 'Tel qu’il doit s’afficher, par exemple : 5 000 €.' },
      { name: 'director', label: 'Directeur de la publication', hint: 'Nom et fonction.', wide: true },
    ],
  },
  {
    title: 'Siège et immatriculation',
    description: 'Les mentions légales, les conditions générales de vente et le pied des e-mails.',
    fields: [
      { name: 'address', label: 'Adresse du siège', autoComplete: 'street-address', wide: true },
      { name: 'country', label: 'Pays', autoComplete: 'country-name' },
      { name: 'rcsCity', label: 'Ville du greffe (RCS)', hint: 'Par exemple : Lyon.' },
      { name: 'siren', label: 'SIREN', hint: '9 chiffres : le numéro d’immatriculation au RCS.' },
      { name: 'siret', label: 'SIRET du siège', hint: '14 chiffres, commence par le SIREN.' },
      { name: 'vat', label: 'N° de TVA intracommunautaire', hint: 'FR, une clé de 2 chiffres, puis le SIREN.', wide: true },
    ],
  },
  {
    title: 'Facturation',
    description: 'La TVA des factures et des avoirs émis aux clients (une facture déjà émise ne change pas).',
    fields: [
      {
        name: 'vatRegime',
        label: 'Régime de TVA',
        options: [
          { value: 'standard', label: 'TVA collectée' },
          { value: 'franchise', label: 'Franchise en base (TVA non applicable, art. 293 B du CGI)' },
        ],
        wide: true,
      },
      {
        name: 'vatRate',
        label: 'Taux de TVA',
        hint: 'Appliqué aux prix TTC du catalogue ; sans effet en franchise.',
        options: [
          { value: '20', label: '20 %' },
          { value: '10', label: '10 %' },
          { value: '5.5', label: '5,5 %' },
          { value: '2.1', label: '2,1 %' },
        ],
      },
    ],
  },
  {
    title: 'Contact',
    description: 'Les coordonnées affichées aux visiteurs et aux clients, et l’adresse où l’équipe reçoit ses e-mails.',
    fields: [
      { name: 'email', label: 'E-mail de contact', type: 'email', autoComplete: 'email' },
      { name: 'phone', label: 'Téléphone', type: 'tel', autoComplete: 'tel', hint: 'Tel qu’il doit s’afficher : 01 23 45 67 89.' },
      {
        name: 'bookingUrl',
        label: 'Lien de prise de rendez-vous',
        type: 'url',
        hint: 'Adresse https de la page où réserver un appel de 30 minutes.',
        wide: true,
      },
      {
        name: 'teamEmail',
        label: 'E-mail de l’équipe',
        type: 'email',
        hint: 'Reçoit les demandes de devis, les commandes, les demandes des clients et les alertes de paiement.',
        wide: true,
      },
    ],
  },
  {
    title: 'Hébergeur',
    description: 'L’hébergeur du site, cité dans les mentions légales.',
    fields: [
      { name: 'hostName', label: 'Nom de l’hébergeur' },
      { name: 'hostWebsite', label: 'Site de l’hébergeur', type: 'url', hint: 'Adresse https.' },
      { name: 'hostAddress', label: 'Adresse de l’hébergeur', wide: true },
    ],
  },
  {
    title: 'Médiation de la consommation',
    description:
      'Le médiateur auquel l’agence a adhéré (articles L612-1 et L616-1 du Code de la consommation), nommé dans les conditions générales de vente et les e-mails de rétractation. Vides : les clients sont invités à le demander par e-mail.',
    fields: [
      { name: 'mediatorName', label: 'Médiateur de la consommation', hint: 'Par exemple : CM2C.', optional: true },
      { name: 'mediatorWebsite', label: 'Site du médiateur', type: 'url', hint: 'Adresse https, où le client le saisit.', optional: true },
    ],
  },
];

/** Every field's label, for the audit log's lines. */
export const AGENCY_FIELD_LABELS = Object.fromEntries(
  AGENCY_SETTINGS_SECTIONS.flatMap((section) => section.fields.map((field) => [field.name, field.label])),
) as Record<AgencySettingsField, string>;
