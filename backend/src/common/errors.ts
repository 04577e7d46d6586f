import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';

/** Every 429 of the API: a French message and the seconds to wait (`retryAfter`, and the Retry-After header). */
export function tooManyRequests(message: string, retryAfterSeconds: number): HttpException {
  const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpException({ statusCode: 429, message, retryAfter }, HttpStatus.TOO_MANY_REQUESTS);
}

/** '3 minutes', '1 minute': a wait in whole minutes, at least one. */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes > 1 ? 's' : ''}`;
}

/** A 400 for one field, with the same message as the answer's message (form-level and field-level). */
export function invalidField(field: string, message: string): BadRequestException {
  return new BadRequestException({ message, errors: { [field]: message } });
}
