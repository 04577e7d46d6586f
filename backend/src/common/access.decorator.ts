import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { UserRole } from './current-user';

export const IS_PUBLIC_KEY = 'access:public';
export const ROLES_KEY = 'access:roles';

/**
 * Opens a route to anonymous callers. Every other route needs a valid bearer token (the global guard denies by
 * default), and the OpenAPI document says so: the global `bearer` requirement is lifted here with `security: []`.
 */
export function Public(): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(IS_PUBLIC_KEY, true), ApiExtension(PUBLIC_EXTENSION, true));
}

/** Marks public operations in the generated document; `createOpenApiDocument` turns it into `security: []`. */
export const PUBLIC_EXTENSION = 'x-public';

/** Restricts a route to the given roles; 403 for a signed-in user without one of them. */
export function Roles(...roles: UserRole[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(ROLES_KEY, roles),
    ApiUnauthorizedResponse({ description: 'Authentification requise' }),
    ApiForbiddenResponse({ description: `Réservé au rôle ${roles.join(', ')}` }),
  );
}
