import { ApiPropertyOptional } from '@nestjs/swagger';

/** Every error answer: a French message, and per-field messages for invalid input. */
export class ErrorResponseDto {
  statusCode: number;
  message: string;
  /** Message par champ invalide, par exemple `{ "email": "Format d'email invalide" }` */
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } })
  errors?: Record<string, string>;
  /** Secondes à attendre avant de réessayer (réponses 429, et 503 d’un service momentanément indisponible) */
  retryAfter?: number;
}
