import { NotFoundException, Param, ParseUUIDPipe, type PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';

/** A path id that must be a UUID; anything else is simply not found (404 with the given French message). */
export const uuidParam = (notFound: string) => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(notFound) });

/**
 * `@Param(name, pipe)` for a path id checked by `uuidParam`, declared `format: uuid` in openapi.yaml so that an
 * integrator's client knows what the server accepts.
 */
export function UuidParam(name: string, pipe: PipeTransform): ParameterDecorator {
  return (target, key, index) => {
    Param(name, pipe)(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
    ApiParam({ name, type: String, format: 'uuid' })(target, key, descriptor);
  };
}
