import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

/** `{ field: 'message' }`, nested fields joined with dots; the first message of each field. */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    const constraints = error.constraints ? Object.entries(error.constraints) : [];
    if (constraints.length) {
      const whitelisted = constraints.find(([name]) => name === 'whitelistValidation');
      out[path] = whitelisted ? 'Champ non autorisé' : constraints[constraints.length - 1][1];
    }
    if (error.children?.length) Object.assign(out, flattenValidationErrors(error.children, path));
  }
  return out;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) =>
      new BadRequestException({ statusCode: 400, message: 'Données invalides', errors: flattenValidationErrors(errors) }),
  });
}
