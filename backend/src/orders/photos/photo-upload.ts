import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
  StreamableFile,
  UnsupportedMediaTypeException,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { Response } from 'express';
import { catchError, type Observable, throwError } from 'rxjs';
import { invalidField } from '../../common/errors';
import { UploadOrderPhotoDto } from '../dto/order-drafts.dto';
import { PHOTO_MESSAGES, type PhotoFile, type SignedPhotoAnswer } from '../order-drafts.service';
import { PHOTO_RULES } from '../order-form';
import { photoContentDisposition } from './photo-names';

/**
 * multer keeps the upload in memory and stops reading a file one byte past 5 MB, so an oversized upload is never
 * buffered whole; one file, a handful of small fields, nothing else.
 */
const LIMITS = { fileSize: PHOTO_RULES.maxBytes + 1, files: 1, fields: 4, fieldSize: 1024, parts: 5 };

/** multer's and busboy's refusals (English) as the photo field's French errors. */
@Injectable()
class PhotoUploadErrors implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(catchError((error: unknown) => throwError(() => toFrench(error))));
  }
}

function toFrench(error: unknown): unknown {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (error instanceof PayloadTooLargeException || code === 'LIMIT_FILE_SIZE') return invalidField('file', PHOTO_MESSAGES.tooLarge);
  if (error instanceof UnsupportedMediaTypeException)
    return invalidField('file', 'Envoyez la photo en multipart/form-data, dans le champ « file ».');
  if ((typeof code === 'string' && code.startsWith('LIMIT_')) || (error instanceof Error && error.message.startsWith('Multipart'))) {
    return invalidField('file', 'Envoyez une seule photo, dans le champ « file ».');
  }
  return error;
}

/** A route receiving one photo in the multipart field `file`. */
export function PhotoUpload(): MethodDecorator {
  return applyDecorators(
    UseInterceptors(PhotoUploadErrors, FileInterceptor('file', { limits: LIMITS })),
    ApiConsumes('multipart/form-data'),
    ApiBody({ type: UploadOrderPhotoDto }),
  );
}

/** A route answering a photo's bytes. */
export function PhotoBytes(): MethodDecorator {
  const binary = { schema: { type: 'string', format: 'binary' } };
  return applyDecorators(
    ApiProduces('image/jpeg', 'image/png'),
    ApiOkResponse({ description: 'Image JPG ou PNG', content: { 'image/jpeg': binary, 'image/png': binary } }),
  );
}

/** The photo as the answer's body, shown in the page (inline) under its original name, kept in the browser's cache only. */
export function photoAnswer(file: PhotoFile): StreamableFile {
  return new StreamableFile(file.data, {
    type: file.contentType,
    length: file.data.length,
    disposition: photoContentDisposition('inline', file.name),
  });
}

/**
 * A signed link's answer: the photo's bytes, or a 302 to where the browser reads them (a presigned S3 link), which
 * the browser may keep while that link still runs.
 */
export function signedPhotoAnswer(answer: SignedPhotoAnswer, res: Response): StreamableFile | undefined {
  if ('file' in answer) return photoAnswer(answer.file);
  res.status(302).location(answer.redirect).setHeader('Cache-Control', `private, max-age=${answer.maxAgeSeconds}`);
  return undefined;
}
