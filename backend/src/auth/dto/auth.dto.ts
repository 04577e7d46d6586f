import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Match } from '../../common/match.decorator';
import { NormalizeEmail, Trim } from '../../common/transforms';
import { USER_ROLES, type UserRole } from '../user.entity';

const PASSWORD_MIN = 'Le mot de passe doit contenir au moins 6 caractères';
const PASSWORD_MAX = 'Le mot de passe ne doit pas dépasser 128 caractères';
const MISMATCH = 'Les mots de passe ne correspondent pas';

export class RegisterDto {
  /** Nom affiché */
  @Trim()
  @IsString({ message: 'Le nom est requis' })
  @IsNotEmpty({ message: 'Le nom est requis' })
  @MaxLength(100, { message: 'Le nom ne doit pas dépasser 100 caractères' })
  name: string;

  @NormalizeEmail()
  @IsString({ message: "L'email est requis" })
  @IsNotEmpty({ message: "L'email est requis" })
  @IsEmail({}, { message: "Format d'email invalide" })
  @MaxLength(254, { message: "Format d'email invalide" })
  email: string;

  @IsString({ message: 'Le mot de passe est requis' })
  @MinLength(6, { message: PASSWORD_MIN })
  @MaxLength(128, { message: PASSWORD_MAX })
  password: string;

  @IsString({ message: MISMATCH })
  @Match('password', { message: MISMATCH })
  confirmPassword: string;
}

export class LoginDto {
  @NormalizeEmail()
  @IsString({ message: "L'email est requis" })
  @IsNotEmpty({ message: "L'email est requis" })
  @MaxLength(254, { message: 'Email ou mot de passe incorrect' })
  email: string;

  @IsString({ message: 'Le mot de passe est requis' })
  @IsNotEmpty({ message: 'Le mot de passe est requis' })
  @MaxLength(128, { message: 'Email ou mot de passe incorrect' })
  password: string;
}

export class RefreshDto {
  /** Jeton de rafraîchissement ; le navigateur l'envoie plutôt dans le cookie httpOnly `refresh_token`. */
  @IsOptional()
  @IsString({ message: 'Jeton invalide' })
  @MaxLength(200, { message: 'Jeton invalide' })
  refresh_token?: string;
}

export class UpdateMeDto {
  @Trim()
  @IsString({ message: 'Le nom doit être un texte' })
  @MaxLength(100, { message: 'Le nom ne doit pas dépasser 100 caractères' })
  name: string;
}

export class ChangePasswordDto {
  @IsString({ message: "L'ancien mot de passe est requis" })
  @IsNotEmpty({ message: "L'ancien mot de passe est requis" })
  @MaxLength(128, { message: 'Ancien mot de passe incorrect.' })
  oldPassword: string;

  @IsString({ message: 'Le nouveau mot de passe est requis' })
  @MinLength(6, { message: PASSWORD_MIN })
  @MaxLength(128, { message: PASSWORD_MAX })
  newPassword: string;

  @IsString({ message: MISMATCH })
  @Match('newPassword', { message: MISMATCH })
  confirmPassword: string;
}

export class FirstLoginDto {
  /** Jeton reçu par e-mail dans le lien /first-login?token=... */
  @IsString({ message: 'Lien invalide ou expiré' })
  @IsNotEmpty({ message: 'Lien invalide ou expiré' })
  @MaxLength(200, { message: 'Lien invalide ou expiré' })
  token: string;

  @IsString({ message: 'Le mot de passe est requis' })
  @MinLength(6, { message: PASSWORD_MIN })
  @MaxLength(128, { message: PASSWORD_MAX })
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
