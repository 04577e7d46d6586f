import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';

/** A path id that must be a UUID; anything else is simply not found (404 with the given French message). */
export const uuidParam = (notFound: string) => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(notFound) });
