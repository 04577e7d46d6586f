import { BadRequestException, ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';
import { tooManyRequests } from './errors';
import { toErrorBody } from './http-exception.filter';

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
    expect(toErrorBody(tooManyRequests('Trop de demandes.', 12.2))).toEqual({ statusCode: 429, message: 'Trop de demandes.', retryAfter: 13 });
  });

  it("answers Express's own 400s (badly encoded path, malformed JSON) in French", () => {
    const decode = Object.assign(new URIError("Failed to decode param '%ED%A0%80'"), { status: 400 });
    expect(toErrorBody(new BadRequestException(decode.message, { cause: decode }))).toEqual({ statusCode: 400, message: 'Adresse invalide : caractères mal encodés' });
    const parse = Object.assign(new SyntaxError('Unexpected token } in JSON at position 1'), { status: 400 });
    expect(toErrorBody(new BadRequestException(parse.message, { cause: parse }))).toEqual({ statusCode: 400, message: 'JSON invalide' });
  });

  it('never leaks an unknown error', () => {
    expect(toErrorBody(new Error('connection refused at 10.0.0.3'))).toEqual({ statusCode: 500, message: 'Erreur interne du serveur' });
  });
});
