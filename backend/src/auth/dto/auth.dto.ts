import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Match } from '../../common/match.decorator';
import { NormalizeEmail, Trim } from '../../common/transforms';
import { USER_ROLES, type UserRole } from '../user.entity';

// class-validator runs a property's checks bottom-up and we stop at the first failure: the "required" checks sit
// at the bottom so an empty field says it is required rather than too short.
const PASSWORD_MIN = 'Le mot de passe doit contenir au moins 6 caractères';
const PASSWORD_MAX = 'Le mot de passe ne doit pas dépasser 128 caractères';
const MISMATCH = 'Les mots de passe ne correspondent pas';

export class RegisterDto {
  /** Nom affiché */
  @Trim()
  @MaxLength(100, { message: 'Le nom ne doit pas dépasser 100 caractères' })
  @IsNotEmpty({ message: 'Le nom est requis' })
  @IsString({ message: 'Le nom est requis' })
  name: string;

  @NormalizeEmail()
  @MaxLength(254, { message: "Format d'email invalide" })
  @IsEmail({}, { message: "Format d'email invalide" })
  @IsNotEmpty({ message: "L'email est requis" })
  @IsString({ message: "L'email est requis" })
  email: string;

  @MaxLength(128, { message: PASSWORD_MAX })
  @MinLength(6, { message: PASSWORD_MIN })
  @IsString({ message: 'Le mot de passe est requis' })
  password: string;

  @Match('password', { message: MISMATCH })
  @IsString({ message: MISMATCH })
  confirmPassword: string;
}

export class LoginDto {
  @NormalizeEmail()
  @MaxLength(254, { message: 'Email ou mot de passe incorrect' })
  @IsNotEmpty({ message: "L'email est requis" })
  @IsString({ message: "L'email est requis" })
  email: string;

  @MaxLength(128, { message: 'Email ou mot de passe incorrect' })
  @IsNotEmpty({ message: 'Le mot de passe est requis' })
  @IsString({ message: 'Le mot de passe est requis' })
  password: string;
}

export class RefreshDto {
  /** Jeton de rafraîchissement ; le navigateur l'envoie plutôt dans le cookie httpOnly `refresh_token`. */
  @MaxLength(200, { message: 'Jeton invalide' })
  @IsString({ message: 'Jeton invalide' })
  @IsOptional()
  refresh_token?: string;
}

export class UpdateMeDto {
  @Trim()
  @MaxLength(100, { message: 'Le nom ne doit pas dépasser 100 caractères' })
  @IsString({ message: 'Le nom doit être un texte' })
  name: string;
}

export class ChangePasswordDto {
  @MaxLength(128, { message: 'Ancien mot de passe incorrect.' })
  @IsNotEmpty({ message: "L'ancien mot de passe est requis" })
  @IsString({ message: "L'ancien mot de passe est requis" })
  oldPassword: string;

  @MaxLength(128, { message: PASSWORD_MAX })
  @MinLength(6, { message: PASSWORD_MIN })
  @IsString({ message: 'Le nouveau mot de passe est requis' })
  newPassword: string;

  @Match('newPassword', { message: MISMATCH })
  @IsString({ message: MISMATCH })
  confirmPassword: string;
}

export class FirstLoginDto {
  /** Jeton reçu par e-mail dans le lien /first-login?token=... */
  @MaxLength(200, { message: 'Lien invalide ou expiré' })
  @IsNotEmpty({ message: 'Lien invalide ou expiré' })
  @IsString({ message: 'Lien invalide ou expiré' })
  token: string;

  @MaxLength(128, { message: PASSWORD_MAX })
  @MinLength(6, { message: PASSWORD_MIN })
  @IsString({ message: 'Le mot de passe est requis' })
  password: string;
}

export class ForgotPasswordDto {
  @NormalizeEmail()
  @MaxLength(254, { message: "Format d'email invalide" })
  @IsEmail({}, { message: "Format d'email invalide" })
  @IsNotEmpty({ message: "L'email est requis" })
  @IsString({ message: "L'email est requis" })
  email: string;
}

export class ResetPasswordDto {
  /** Jeton reçu par e-mail dans le lien /reset-password?token=... */
  @MaxLength(200, { message: 'Lien invalide ou expiré' })
  @IsNotEmpty({ message: 'Lien invalide ou expiré' })
  @IsString({ message: 'Lien invalide ou expiré' })
  token: string;

  @MaxLength(128, { message: PASSWORD_MAX })
  @MinLength(6, { message: PASSWORD_MIN })
  @IsString({ message: 'Le mot de passe est requis' })
  password: string;
}

export class UserResponseDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  email: string;
  name: string;
  @ApiProperty({ enum: USER_ROLES, enumName: 'UserRole' })
  role: UserRole;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class SessionResponseDto {
  /** JWT d'accès (HS256), à envoyer en `Authorization: Bearer` */
  access_token: string;
  @ApiProperty({ enum: ['bearer'] })
  token_type: 'bearer';
  /** Durée de validité du jeton d'accès, en secondes */
  expires_in: number;
  /** Expiration du jeton d'accès, en secondes depuis l'époque Unix */
  expires_at: number;
  /** Jeton de rafraîchissement, à usage unique (aussi posé en cookie httpOnly) */
  refresh_token: string;
  user: UserResponseDto;
}

export class MessageResponseDto {
  message: string;
}
