import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import {
  compactId,
  isFrenchVatFormat,
  isHttpsUrl,
  isPhoneNumber,
  isSiren,
  isSiret,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  vatMatchesSiren,
} from '@vitrine/domain';
import { Match } from './match.decorator';
import { NormalizeEmail, Trim } from './transforms';

/*
 * One decorator per kind of field, so the checks of a field always run in the same order and an empty field says it
 * is required rather than badly formed. The validation pipe stops at a property's first failure, and checks run in
 * the order they are listed here (first = first checked). Each also states the field in the OpenAPI document.
 */

export const EMAIL_MAX = 254;
/** A new password's bounds: @vitrine/domain's, which the forms tell (8 characters at least). */
export const PASSWORD_MIN = PASSWORD_MIN_LENGTH;
export const PASSWORD_MAX = PASSWORD_MAX_LENGTH;

const PASSWORD_TOO_LONG = `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX} caractères`;

/** An e-mail address, trimmed and lower-cased: required, well-formed, 254 characters at most. */
export function EmailField(messages: { required?: string; invalid?: string } = {}): PropertyDecorator {
  const required = messages.required ?? "L'email est requis";
  const invalid = messages.invalid ?? "Format d'email invalide";
  return applyDecorators(
    ApiProperty({ type: String, format: 'email', maxLength: EMAIL_MAX }),
    NormalizeEmail(),
    IsString({ message: required }),
    IsNotEmpty({ message: required }),
    IsEmail({}, { message: invalid }),
    MaxLength(EMAIL_MAX, { message: invalid }),
  );
}

/** An identifier typed by a person to sign in (e-mail): required, not checked for format, trimmed and lower-cased. */
export function LoginEmailField(tooLong: string): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ type: String, maxLength: EMAIL_MAX }),
    NormalizeEmail(),
    IsString({ message: "L'email est requis" }),
    IsNotEmpty({ message: "L'email est requis" }),
    MaxLength(EMAIL_MAX, { message: tooLong }),
  );
}

/**
 * A trimmed text of at most `max` characters: required (`required` message), or `optional` (absent is fine), or
 * `allowEmpty` (present, possibly empty); `notText` is the message for a value that is not a string.
 */
export function TextField(options: {
  max: number;
  tooLong: string;
  required?: string;
  notText?: string;
  optional?: boolean;
  allowEmpty?: boolean;
  /** One line only (a mail subject): a line break is refused with this message */
  singleLine?: string;
}): PropertyDecorator {
  const { max, tooLong } = options;
  const notText = options.notText ?? options.required ?? 'Ce champ doit être un texte';
  const lineCheck = options.singleLine ? [Matches(/^[^\r\n]*$/, { message: options.singleLine })] : [];
  const checks = [IsString({ message: notText }), MaxLength(max, { message: tooLong }), ...lineCheck];
  if (options.optional) return applyDecorators(ApiPropertyOptional({ type: String, maxLength: max }), Trim(), IsOptional(), ...checks);
  if (options.allowEmpty) return applyDecorators(ApiProperty({ type: String, maxLength: max }), Trim(), ...checks);
  const required = options.required ?? 'Ce champ est requis';
  return applyDecorators(
    ApiProperty({ type: String, maxLength: max }),
    Trim(),
    IsString({ message: required }),
    IsNotEmpty({ message: required }),
    MaxLength(max, { message: tooLong }),
    ...lineCheck,
  );
}

/** The search box of a list: optional, trimmed, 200 characters at most; empty means no search. */
export function SearchField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, maxLength: 200 }),
    Trim(),
    IsOptional(),
    IsString({ message: 'Recherche invalide' }),
    MaxLength(200, { message: 'Recherche trop longue' }),
  );
}

export const DOMAIN_MAX = 253;

/**
 * A domain name typed by the team (`boulangerie-martin.fr`): optional, trimmed and lower-cased; empty or null means
 * none (stored as null). No spaces or slashes, at least one dot, 253 characters at most.
 */
export function DomainField(): PropertyDecorator {
  const invalid = 'Nom de domaine invalide (exemple : boulangerie-martin.fr)';
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: DOMAIN_MAX }),
    Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() || null : value)),
    IsOptional(),
    IsString({ message: invalid }),
    MaxLength(DOMAIN_MAX, { message: 'Nom de domaine trop long' }),
    Matches(/^[^\s/\\@]+\.[^\s/\\@.]+$/u, { message: invalid }),
  );
}

/** A required check of one value (`test`), or of the value and the object it belongs to. */
function Check(name: string, message: string, test: (value: string, object: Record<string, unknown>) => boolean): PropertyDecorator {
  return ValidateBy(
    {
      name,
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          typeof value === 'string' && test(value, (args?.object ?? {}) as Record<string, unknown>),
      },
    },
    { message },
  );
}

/** A required https address (a booking page, a website): trimmed, `max` characters at most. */
export function HttpsUrlField(messages: { required: string; invalid: string; max?: number }): PropertyDecorator {
  const max = messages.max ?? 500;
  return applyDecorators(
    ApiProperty({ type: String, format: 'uri', maxLength: max }),
    Trim(),
    IsString({ message: messages.required }),
    IsNotEmpty({ message: messages.required }),
    MaxLength(max, { message: messages.invalid }),
    Check('httpsUrl', messages.invalid, isHttpsUrl),
  );
}

/** An optional https address: absent (unchanged), empty (none), or an absolute https URL. */
export function OptionalHttpsUrlField(messages: { invalid: string; max?: number }): PropertyDecorator {
  const max = messages.max ?? 500;
  return applyDecorators(
    ApiPropertyOptional({ type: String, maxLength: max, description: 'Vide : aucun' }),
    Trim(),
    IsOptional(),
    IsString({ message: messages.invalid }),
    MaxLength(max, { message: messages.invalid }),
    Check('httpsUrlOrEmpty', messages.invalid, (value) => value === '' || isHttpsUrl(value)),
  );
}

/** A required telephone number as people write it ('01 23 45 67 89', '+33 1 23 45 67 89'): 9 to 15 digits. */
export function PhoneField(messages: { required: string; invalid: string }): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ type: String, maxLength: 30 }),
    Trim(),
    IsString({ message: messages.required }),
    IsNotEmpty({ message: messages.required }),
    MaxLength(30, { message: messages.invalid }),
    Check('phone', messages.invalid, isPhoneNumber),
  );
}

const COMPANY_ID_MAX = 30;
/** Spaces, dots and dashes taken out ('912 345 675' → '912345675'), letters upper-cased; an absurd length kept as sent. */
const CompactId = () => Transform(({ value }) => (typeof value === 'string' && value.length <= COMPANY_ID_MAX ? compactId(value) : value));

/** A French SIREN (the RCS number): 9 digits with a valid Luhn key, spaces allowed; stored compact. */
export function SirenField(): PropertyDecorator {
  const required = 'Le SIREN est requis';
  return applyDecorators(
    ApiProperty({ type: String, maxLength: COMPANY_ID_MAX, example: '912 345 675' }),
    CompactId(),
    IsString({ message: required }),
    IsNotEmpty({ message: required }),
    Matches(/^\d{9}$/, { message: 'Le SIREN doit contenir 9 chiffres' }),
    Check('siren', 'SIREN invalide (clé de contrôle incorrecte)', isSiren),
  );
}

/** A French SIRET: 14 digits with a valid Luhn key, starting with the SIREN of the property `sirenProperty`. */
export function SiretField(sirenProperty: string): PropertyDecorator {
  const required = 'Le SIRET est requis';
  return applyDecorators(
    ApiProperty({ type: String, maxLength: COMPANY_ID_MAX, example: '912 345 675 00017' }),
    CompactId(),
    IsString({ message: required }),
    IsNotEmpty({ message: required }),
    Matches(/^\d{14}$/, { message: 'Le SIRET doit contenir 14 chiffres' }),
    Check('siret', 'SIRET invalide (clé de contrôle incorrecte)', isSiret),
    Check('siretOfSiren', 'Le SIRET doit commencer par le SIREN', (value, object) => {
      const siren = object[sirenProperty];
      return typeof siren !== 'string' || !isSiren(siren) || value.startsWith(siren);
    }),
  );
}

/** A French intra-EU VAT number (FR, a 2-character key, the SIREN), consistent with the SIREN of `sirenProperty`. */
export function FrenchVatField(sirenProperty: string): PropertyDecorator {
  const required = 'Le numéro de TVA est requis';
  return applyDecorators(
    ApiProperty({ type: String, maxLength: COMPANY_ID_MAX, example: 'FR 65 912 345 675' }),
    CompactId(),
    IsString({ message: required }),
    IsNotEmpty({ message: required }),
    Check('frenchVat', 'Numéro de TVA invalide (FR, une clé de 2 caractères, puis les 9 chiffres du SIREN)', isFrenchVatFormat),
    Check('vatOfSiren', 'Le numéro de TVA ne correspond pas au SIREN', (value, object) => {
      const siren = object[sirenProperty];
      return typeof siren !== 'string' || !isSiren(siren) || vatMatchesSiren(value, siren);
    }),
  );
}

/** A calendar date 'YYYY-MM-DD' (a real day: no 2026-02-30). */
export function DateField(messages: { required: string; invalid: string; optional?: boolean }): PropertyDecorator {
  const doc = { type: String, format: 'date', maxLength: 10, example: '2026-11-01' };
  return applyDecorators(
    ...(messages.optional ? [ApiPropertyOptional(doc), IsOptional()] : [ApiProperty(doc)]),
    IsString({ message: messages.required }),
    IsNotEmpty({ message: messages.required }),
    Matches(/^\d{4}-\d{2}-\d{2}$/, { message: messages.invalid }),
    Check('calendarDate', messages.invalid, (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }),
  );
}

/** A text required only when `when(object)` holds (a company's name for a company buyer); trimmed, `max` characters at most. */
export function TextRequiredWhenField(options: {
  max: number;
  tooLong: string;
  required: string;
  when: (object: Record<string, unknown>) => boolean;
  description?: string;
}): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, maxLength: options.max, description: options.description }),
    Trim(),
    ValidateIf((object: Record<string, unknown>) => options.when(object)),
    IsString({ message: options.required }),
    IsNotEmpty({ message: options.required }),
    MaxLength(options.max, { message: options.tooLong }),
  );
}

/**
 * An optional text checked only when `when(object)` holds (a company buyer) and it is given (empty or absent is fine):
 * trimmed, or compact for an identifier (spaces allowed, stored compact); then `checks` in order, each its message,
 * each given the value and the object (in their kept form). A text that is not a string fails with the first message.
 */
export function OptionalCheckedField(options: {
  max: number;
  identifier: boolean;
  checks: ReadonlyArray<{ name: string; message: string; test: (value: string, object: Record<string, string>) => boolean }>;
  when: (object: Record<string, unknown>) => boolean;
  description?: string;
  example?: string;
}): PropertyDecorator {
  const [first] = options.checks;
  return applyDecorators(
    ApiPropertyOptional({ type: String, maxLength: options.max, description: options.description, example: options.example }),
    options.identifier
      ? Transform(({ value }) => (typeof value === 'string' && value.length <= options.max ? compactId(value) : value))
      : Trim(),
    ValidateIf(
      (object: Record<string, unknown>, value: unknown) => options.when(object) && value !== undefined && value !== null && value !== '',
    ),
    IsString({ message: first.message }),
    ...options.checks.map((c) => Check(c.name, c.message, (value, object) => c.test(value, object as Record<string, string>))),
  );
}

/** A new password: 8 to 128 characters (an existing shorter one still signs in: PasswordField checks no minimum). */
export function NewPasswordField(required = 'Le mot de passe est requis'): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ type: String, minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, format: 'password' }),
    IsString({ message: required }),
    MinLength(PASSWORD_MIN, { message: PASSWORD_TOO_SHORT }),
    MaxLength(PASSWORD_MAX, { message: PASSWORD_TOO_LONG }),
  );
}

/** A password typed to prove who one is (sign-in, old password): required; too long means wrong. */
export function PasswordField(messages: { required: string; wrong: string }): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ type: String, maxLength: PASSWORD_MAX, format: 'password' }),
    IsString({ message: messages.required }),
    IsNotEmpty({ message: messages.required }),
    MaxLength(PASSWORD_MAX, { message: messages.wrong }),
  );
}

/** The repetition of another password field of the same body. */
export function ConfirmPasswordField(of: string): PropertyDecorator {
  const mismatch = 'Les mots de passe ne correspondent pas';
  return applyDecorators(
    ApiProperty({ type: String, format: 'password', maxLength: PASSWORD_MAX }),
    IsString({ message: mismatch }),
    Match(of, { message: mismatch }),
  );
}

/** A token received by e-mail (first login, password reset): any failure reads as an invalid link. */
export function TokenField(invalid = 'Lien invalide ou expiré'): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ type: String, maxLength: 200 }),
    IsString({ message: invalid }),
    IsNotEmpty({ message: invalid }),
    MaxLength(200, { message: invalid }),
  );
}

/** One of a fixed list of values, named in the OpenAPI document; `nullable`: null is a value too (optional fields only). */
export function EnumField<T extends string>(
  values: readonly T[],
  options: { name: string; invalid: string; optional?: boolean; nullable?: boolean; default?: T },
): PropertyDecorator {
  const doc = {
    enum: [...values],
    enumName: options.name,
    ...(options.default ? { default: options.default } : {}),
    ...(options.nullable ? { nullable: true } : {}),
  };
  return applyDecorators(
    ...(options.optional ? [ApiPropertyOptional(doc), IsOptional()] : [ApiProperty(doc)]),
    IsIn(values as readonly string[] as string[], { message: options.invalid }),
  );
}

/** true or false; `nullable` (with `optional`): null is a value too, documented as such. */
export function BooleanField(options: { optional?: boolean; nullable?: boolean; invalid?: string } = {}): PropertyDecorator {
  const doc = { type: Boolean, ...(options.nullable ? { nullable: true } : {}) };
  return applyDecorators(
    ...(options.optional ? [ApiPropertyOptional(doc), IsOptional()] : [ApiProperty(doc)]),
    IsBoolean({ message: options.invalid ?? 'Valeur invalide' }),
  );
}

/**
 * A list of at most `maxItems` trimmed texts of at most `maxLength` characters each. `pattern`: each must match it
 * (`invalid` otherwise); `lowerCase` and `dropEmpty` normalise the items first.
 */
export function TextListField(options: {
  maxItems: number;
  tooMany: string;
  maxLength: number;
  tooLong: string;
  invalid?: string;
  optional?: boolean;
  pattern?: RegExp;
  lowerCase?: boolean;
  dropEmpty?: boolean;
}): PropertyDecorator {
  const invalid = options.invalid ?? 'Liste invalide';
  const doc = { type: 'array', items: { type: 'string', maxLength: options.maxLength }, maxItems: options.maxItems } as const;
  return applyDecorators(
    ...(options.optional ? [ApiPropertyOptional(doc)] : [ApiProperty(doc)]),
    Transform(({ value }) => {
      if (!Array.isArray(value)) return value;
      const items = value.map((v) => (typeof v === 'string' ? (options.lowerCase ? v.trim().toLowerCase() : v.trim()) : v));
      return options.dropEmpty ? items.filter((v) => v !== '') : items;
    }),
    ...(options.optional ? [IsOptional()] : []),
    IsArray({ message: invalid }),
    ArrayMaxSize(options.maxItems, { message: options.tooMany }),
    IsString({ each: true, message: invalid }),
    MaxLength(options.maxLength, { each: true, message: options.tooLong }),
    ...(options.pattern ? [Matches(options.pattern, { each: true, message: invalid })] : []),
  );
}

/** A list of distinct values from a fixed list (duplicates are dropped), at most `maxItems`. */
export function EnumListField<T extends string>(
  values: readonly T[],
  options: { name: string; invalid: string; maxItems?: number; tooMany?: string; optional?: boolean },
): PropertyDecorator {
  const maxItems = options.maxItems ?? values.length;
  const doc = { enum: [...values], enumName: options.name, isArray: true, maxItems };
  return applyDecorators(
    ...(options.optional ? [ApiPropertyOptional(doc)] : [ApiProperty(doc)]),
    Transform(({ value }) => (Array.isArray(value) ? [...new Set(value)] : value)),
    ...(options.optional ? [IsOptional()] : []),
    IsArray({ message: options.invalid }),
    IsIn(values as readonly string[] as string[], { each: true, message: options.invalid }),
    ArrayMaxSize(maxItems, { message: options.tooMany ?? options.invalid }),
  );
}

/** An identifier (UUID) sent in a body or a query; anything else reads as `invalid`. */
export function UuidField(invalid: string, options: { optional?: boolean } = {}): PropertyDecorator {
  const doc = { type: String, format: 'uuid', maxLength: 36 };
  return applyDecorators(
    ...(options.optional ? [ApiPropertyOptional(doc), IsOptional()] : [ApiProperty(doc)]),
    IsString({ message: invalid }),
    IsUUID('all', { message: invalid }),
  );
}

/** A whole number of a query string (converted), optional with its default, between `min` and `max`. */
export function IntegerField(options: {
  min: number;
  max: number;
  default: number;
  notInteger: string;
  tooSmall: string;
  tooLarge: string;
}): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: Number, minimum: options.min, maximum: options.max, default: options.default }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message: options.notInteger }),
    Min(options.min, { message: options.tooSmall }),
    Max(options.max, { message: options.tooLarge }),
  );
}

/** The last page a list can be asked for: beyond it an offset would not fit PostgreSQL's integers (400, not 500). */
export const PAGE_MAX = 1_000_000;
/** The most items a page can hold, whatever the list. */
export const PAGE_LIMIT_MAX = 100;

/** `?page=`: from 1 to PAGE_MAX. */
export function PageField(): PropertyDecorator {
  return IntegerField({
    min: 1,
    max: PAGE_MAX,
    default: 1,
    notInteger: 'La page doit être un entier',
    tooSmall: 'La page doit être au moins 1',
    tooLarge: 'La page ne peut pas dépasser 1 000 000',
  });
}

/** `?limit=`: the one page-size rule of every list (1 to 100), with the list's own default. */
export function LimitField(defaultLimit: number): PropertyDecorator {
  return IntegerField({
    min: 1,
    max: PAGE_LIMIT_MAX,
    default: defaultLimit,
    notInteger: 'La limite doit être un entier',
    tooSmall: 'La limite doit être au moins 1',
    tooLarge: `La limite ne peut pas dépasser ${PAGE_LIMIT_MAX}`,
  });
}

/** An object of the given DTO, validated field by field (errors as `field.subfield`). */
export function NestedField(type: new () => object, options: { optional?: boolean; invalid?: string } = {}): PropertyDecorator {
  const doc = { type };
  return applyDecorators(
    ...(options.optional ? [ApiPropertyOptional(doc), IsOptional()] : [ApiProperty(doc)]),
    IsObject({ message: options.invalid ?? 'Valeur invalide' }),
    ValidateNested(),
    Type(() => type),
  );
}
