import { ApiProperty } from '@nestjs/swagger';
import {
  ConfirmPasswordField,
  EmailField,
  LoginEmailField,
  NewPasswordField,
  PasswordField,
  TextField,
  TokenField,
} from '../../common/fields';
import { USER_ROLES, type UserRole } from '../../common/current-user';

export const BAD_CREDENTIALS = 'Email ou mot de passe incorrect';

export class RegisterDto {
  /** Nom affiché */
  @TextField({ required: 'Le nom est requis', max: 100, tooLong: 'Le nom ne doit pas dépasser 100 caractères' })
  name: string;

  @EmailField()
  email: string;

  @NewPasswordField()
  password: string;

  @ConfirmPasswordField('password')
  confirmPassword: string;
}

export class LoginDto {
  @LoginEmailField(BAD_CREDENTIALS)
  email: string;

  @PasswordField({ required: 'Le mot de passe est requis', wrong: BAD_CREDENTIALS })
  password: string;
}

export class RefreshDto {
  /** Jeton de rafraîchissement ; le navigateur l'envoie plutôt dans le cookie httpOnly `refresh_token`. */
  @TextField({ optional: true, max: 200, tooLong: 'Jeton invalide', notText: 'Jeton invalide' })
  refresh_token?: string;
}

export class UpdateMeDto {
  @TextField({ allowEmpty: true, notText: 'Le nom doit être un texte', max: 100, tooLong: 'Le nom ne doit pas dépasser 100 caractères' })
  name: string;
}

export class ChangePasswordDto {
  @PasswordField({ required: "L'ancien mot de passe est requis", wrong: 'Ancien mot de passe incorrect.' })
  oldPassword: string;

  @NewPasswordField('Le nouveau mot de passe est requis')
  newPassword: string;

  @ConfirmPasswordField('newPassword')
  confirmPassword: string;
}

export class FirstLoginDto {
  /** Jeton reçu par e-mail dans le lien /first-login?token=... */
  @TokenField()
  token: string;

  @NewPasswordField()
  password: string;
}

export class ForgotPasswordDto {
  @EmailField()
  email: string;
}

export class ResetPasswordDto {
  /** Jeton reçu par e-mail dans le lien /reset-password?token=... */
  @TokenField()
  token: string;

  @NewPasswordField()
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
  createdAt: string;
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
