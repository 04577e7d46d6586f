import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { cardDecline } from './card-declines';
import {
  DATABASE_UNAVAILABLE,
  isDatabaseUnavailable,
  PAYMENT_ERROR,
  PAYMENT_UNAVAILABLE,
  RETRY_AFTER_SECONDS,
  stripeFailure,
} from './unavailable';

export interface ErrorBody {
  statusCode: number;
  message: string;
  errors?: Record<string, string>;
  /** Seconds to wait, on 429 and on a 503 of an unavailable database or payment service */
  retryAfter?: number;
}

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Requête invalide',
  401: 'Authentification requise',
  403: 'Accès refusé',
  404: 'Ressource introuvable',
  402: 'Paiement refusé',
  405: 'Méthode non autorisée',
  409: 'Conflit',
  413: 'Requête trop volumineuse',
  429: 'Trop de requêtes, réessayez plus tard',
  500: 'Erreur interne du serveur',
  502: 'Erreur d’un service tiers',
  503: 'Service indisponible',
};

/** Every error leaves as `{ statusCode, message, errors? }` in French; never a stack trace. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const body = toErrorBody(exception);
    const decline = cardDecline(exception);
    if (decline) {
      // The client's bank said no: an everyday answer the client can act on, not a failure of ours.
      this.logger.log(`402 carte refusée (${decline.reason})`);
    } else if (body.statusCode === 502 || body.statusCode === 503) {
      // A dependency failing (PostgreSQL restarting, Stripe down): one line, not a stack per request.
      this.logger.warn(
        exception instanceof HttpException
          ? `${body.statusCode} ${body.message}`
          : `${body.statusCode} ${body.message} (${exception instanceof Error ? exception.message : String(exception)})`,
      );
    } else if (body.statusCode >= 500) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    if (res.headersSent) return;
    if (body.retryAfter !== undefined) res.setHeader('Retry-After', String(body.retryAfter));
    res.status(body.statusCode).json(body);
  }
}

export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const response = exception.getResponse();
    const body: ErrorBody = { statusCode, message: DEFAULT_MESSAGES[statusCode] ?? 'Erreur' };
    // Express's own 400s, mapped by Nest with their English text: a path segment that is not valid percent-encoded
    // UTF-8 ('Failed to decode param …', URIError), or a body that is not JSON (SyntaxError).
    if (exception.cause instanceof URIError) return { statusCode, message: 'Adresse invalide : caractères mal encodés' };
    if (exception.cause instanceof SyntaxError) return { statusCode, message: 'JSON invalide' };
    const given = typeof response === 'string' ? response : (response as { message?: unknown } | null)?.message;
    // Any message we were given is kept; Nest's own English defaults ('Not Found', 'Cannot GET /x') are not.
    if (typeof given === 'string' && given && given !== STATUS_CODES[statusCode] && !given.startsWith('Cannot ')) body.message = given;
    if (typeof response === 'object' && response !== null) {
      const r = response as { errors?: Record<string, string>; retryAfter?: number };
      if (r.errors) body.errors = r.errors;
      if (typeof r.retryAfter === 'number') body.retryAfter = r.retryAfter;
    }
    return body;
  }
  const status = (exception as { status?: number; statusCode?: number; type?: string } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const type = (exception as { type?: string }).type;
    if (type === 'entity.parse.failed') return { statusCode: 400, message: 'JSON invalide' };
    if (type === 'entity.too.large') return { statusCode: 413, message: DEFAULT_MESSAGES[413] };
    return { statusCode: status, message: DEFAULT_MESSAGES[status] ?? 'Requête invalide' };
  }
  const decline = cardDecline(exception);
  if (decline) return { statusCode: HttpStatus.PAYMENT_REQUIRED, message: decline.message };
  const stripe = stripeFailure(exception);
  if (stripe === 'unavailable')
    return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: PAYMENT_UNAVAILABLE, retryAfter: RETRY_AFTER_SECONDS };
  if (stripe === 'error') return { statusCode: HttpStatus.BAD_GATEWAY, message: PAYMENT_ERROR };
  if (isDatabaseUnavailable(exception))
    return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: DATABASE_UNAVAILABLE, retryAfter: RETRY_AFTER_SECONDS };
  return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: DEFAULT_MESSAGES[500] };
}
