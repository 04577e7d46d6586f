import { type ArgumentsHost, BadRequestException, ConflictException, ForbiddenException, Logger, NotFoundException } from '@nestjs/common';
import { tooManyRequests } from './errors';
import { HttpExceptionFilter, toErrorBody } from './http-exception.filter';

describe('toErrorBody: one error contract', () => {
  it('keeps any French message it is given, whatever the exception was built with', () => {
    expect(toErrorBody(new NotFoundException('Site introuvable'))).toEqual({ statusCode: 404, message: 'Site introuvable' });
    expect(toErrorBody(new NotFoundException({ message: 'Site introuvable' }))).toEqual({ statusCode: 404, message: 'Site introuvable' });
    expect(toErrorBody(new ConflictException({ message: 'Déjà envoyé' }))).toEqual({ statusCode: 409, message: 'Déjà envoyé' });
  });

  it("replaces Nest's English defaults with French ones", () => {
    expect(toErrorBody(new NotFoundException())).toEqual({ statusCode: 404, message: 'Ressource introuvable' });
    expect(toErrorBody(new ForbiddenException())).toEqual({ statusCode: 403, message: 'Accès refusé' });
    expect(toErrorBody(new NotFoundException('Cannot GET /api/nope'))).toEqual({ statusCode: 404, message: 'Ressource introuvable' });
  });

  it('carries per-field errors and the wait of a 429', () => {
    expect(toErrorBody(new BadRequestException({ message: 'Données invalides', errors: { email: "L'email est requis" } }))).toEqual({
      statusCode: 400,
      message: 'Données invalides',
      errors: { email: "L'email est requis" },
    });
    expect(toErrorBody(tooManyRequests('Trop de demandes.', 12.2))).toEqual({
      statusCode: 429,
      message: 'Trop de demandes.',
      retryAfter: 13,
    });
  });

  it("answers Express's own 400s (badly encoded path, malformed JSON) in French", () => {
    const decode = Object.assign(new URIError("Failed to decode param '%ED%A0%80'"), { status: 400 });
    expect(toErrorBody(new BadRequestException(decode.message, { cause: decode }))).toEqual({
      statusCode: 400,
      message: 'Adresse invalide : caractères mal encodés',
    });
    const parse = Object.assign(new SyntaxError('Unexpected token } in JSON at position 1'), { status: 400 });
    expect(toErrorBody(new BadRequestException(parse.message, { cause: parse }))).toEqual({ statusCode: 400, message: 'JSON invalide' });
  });

  it('never leaks an unknown error', () => {
    expect(toErrorBody(new Error('connection refused at 10.0.0.3'))).toEqual({ statusCode: 500, message: 'Erreur interne du serveur' });
  });
});

describe('toErrorBody: an unavailable dependency is a 503 to retry, never a 500', () => {
  const db = { statusCode: 503, message: 'Service momentanément indisponible, réessayez dans quelques instants.', retryAfter: 5 };
  it('maps PostgreSQL down, restarting or unreachable', () => {
    expect(toErrorBody(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toEqual(db);
    expect(toErrorBody(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toEqual(db);
    expect(toErrorBody(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toEqual(db);
    expect(toErrorBody(new Error('Connection terminated unexpectedly'))).toEqual(db);
    expect(
      toErrorBody(Object.assign(new Error('query failed'), { driverError: Object.assign(new Error('x'), { code: '08006' }) })),
    ).toEqual(db);
    expect(
      toErrorBody(Object.assign(new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })], 'all failed'), {})),
    ).toEqual(db);
  });

  it('keeps a bug of ours (any other SQL error) a 500', () => {
    expect(toErrorBody(Object.assign(new Error('duplicate key'), { code: '23505' }))).toEqual({
      statusCode: 500,
      message: 'Erreur interne du serveur',
    });
  });

  it('maps Stripe unreachable, timing out or answering 5xx to 503, any other Stripe refusal to 502', () => {
    const unavailable = {
      statusCode: 503,
      message: 'Le service de paiement ne répond pas pour le moment. Réessayez dans quelques instants.',
      retryAfter: 5,
    };
    expect(toErrorBody(Object.assign(new Error('timeout'), { type: 'StripeConnectionError' }))).toEqual(unavailable);
    expect(toErrorBody(Object.assign(new Error('boom'), { type: 'StripeAPIError', statusCode: 500 }))).toEqual(unavailable);
    expect(
      toErrorBody(Object.assign(new Error('bad'), { type: 'StripeInvalidRequestError', statusCode: 400, code: 'ECONNREFUSED' })),
    ).toEqual({
      statusCode: 502,
      message: 'Le service de paiement a renvoyé une erreur. Réessayez plus tard ou contactez-nous.',
    });
  });
  it("answers a card refused by the client's bank 402 with the French sentence of its decline, never a 5xx", () => {
    const declined = (code: string, declineCode?: string) =>
      toErrorBody(
        Object.assign(new Error('Your card was declined.'), { type: 'StripeCardError', statusCode: 402, code, decline_code: declineCode }),
      );
    expect(declined('card_declined', 'insufficient_funds')).toEqual({
      statusCode: 402,
      message: 'Carte refusée : fonds insuffisants. Réessayez plus tard ou enregistrez une autre carte.',
    });
    expect(declined('expired_card').message).toBe('Carte refusée : carte expirée. Enregistrez une autre carte puis réessayez.');
    expect(declined('card_declined', 'expired_card').message).toMatch(/^Carte refusée : carte expirée\./);
    expect(declined('incorrect_cvc').message).toMatch(/^Carte refusée : code de sécurité \(CVC\) incorrect\./);
    expect(declined('card_declined', 'authentication_required').message).toMatch(/^Carte refusée : authentification requise/);
    expect(declined('card_declined', 'generic_decline')).toEqual({
      statusCode: 402,
      message: 'Carte refusée par votre banque. Enregistrez une autre carte puis réessayez.',
    });
    expect(declined('card_declined', 'do_not_honor').message).toBe(declined('card_declined').message);
  });

  it('logs a card refused as information (one line), not as an error', () => {
    const filter = new HttpExceptionFilter();
    const logger = (filter as unknown as { logger: Logger }).logger;
    const info = jest.spyOn(logger, 'log').mockImplementation(() => undefined);
    const error = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const res = { headersSent: false, status: jest.fn().mockReturnThis(), json: jest.fn(), setHeader: jest.fn() };
    const host = { switchToHttp: () => ({ getResponse: () => res }) } as unknown as ArgumentsHost;
    filter.catch(
      Object.assign(new Error('Your card has insufficient funds.'), {
        type: 'StripeCardError',
        statusCode: 402,
        code: 'card_declined',
        decline_code: 'insufficient_funds',
      }),
      host,
    );
    expect(res.status).toHaveBeenCalledWith(402);
    expect(info).toHaveBeenCalledWith('402 carte refusée (card_declined/insufficient_funds)');
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
