import express, { type Request, type Response } from 'express';
import request from 'supertest';
import { answerJsonDirectly } from './json-answer';

type Case = {
  name: string;
  status?: number;
  body: unknown;
  header?: [string, string];
  method?: 'get' | 'head';
  ask?: Record<string, string>;
};

/** An app answering one case through res.json, as Nest's adapter does (status, then json). */
function app(direct: boolean, c: Case, etag = false): { app: express.Express; sends: () => number } {
  const a = express();
  a.set('etag', etag);
  a.disable('x-powered-by');
  let sends = 0;
  const send = a.response.send;
  a.response.send = function (this: Response, ...args: Parameters<Response['send']>) {
    sends++;
    return send.apply(this, args);
  };
  if (direct) answerJsonDirectly(a);
  a.get('/', (_req: Request, res: Response) => {
    if (c.status) res.status(c.status);
    if (c.header) res.setHeader(...c.header);
    res.json(c.body);
  });
  return { app: a, sends: () => sends };
}

const CASES: Case[] = [
  { name: 'an object', body: { id: 'a1', name: 'Zoé « Ça »', createdAt: '2026-11-28T00:00:00.000Z' } },
  { name: 'a list', body: [1, 'deux', { trois: null }] },
  { name: 'a long body', body: { items: Array.from({ length: 200 }, (_, i) => ({ i, text: `é${i}` })) } },
  { name: 'a created answer', status: 201, body: { id: 'x' } },
  { name: 'an error', status: 400, body: { statusCode: 400, message: 'Requête invalide', errors: { email: ['Adresse invalide'] } } },
  { name: 'null', body: null },
  { name: 'a string', body: 'texte' },
  { name: 'a number', body: 42 },
  { name: 'undefined', body: undefined },
  { name: 'no content', status: 204, body: { ignored: true } },
  { name: 'reset content', status: 205, body: { ignored: true } },
  { name: 'a Content-Type of its own', body: { a: 1 }, header: ['Content-Type', 'application/problem+json'] },
  { name: 'an ETag of its own', body: { a: 1 }, header: ['ETag', '"v1"'], ask: { 'If-None-Match': '"v1"' } },
  { name: 'a conditional request', body: { a: 1 }, ask: { 'If-None-Match': '*' } },
  {
    name: 'a date-conditional request',
    body: { a: 1 },
    header: ['Last-Modified', 'Wed, 01 Jan 2025 00:00:00 GMT'],
    ask: { 'If-Modified-Since': 'Thu, 02 Jan 2025 00:00:00 GMT' },
  },
  { name: 'a HEAD request', body: { a: 1 }, method: 'head' },
];

const answer = async (a: express.Express, c: Case) => {
  const agent = request(a);
  const res = await agent[c.method ?? 'get']('/')
    .set(c.ask ?? {})
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (chunk: Buffer) => chunks.push(chunk));
      r.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
    });
  const { date: _date, ...headers } = res.headers;
  return { status: res.status, headers, body: res.body as string };
};

describe('answerJsonDirectly', () => {
  it.each(CASES)('answers $name as Express does', async (c) => {
    expect(await answer(app(true, c).app, c)).toEqual(await answer(app(false, c).app, c));
  });

  it('answers an API object without going through Express’s send, and the rest through it', async () => {
    const plain = app(true, CASES[0]);
    await answer(plain.app, CASES[0]);
    expect(plain.sends()).toBe(0);
    const conditional = app(true, CASES[13]);
    await answer(conditional.app, CASES[13]);
    expect(conditional.sends()).toBe(1);
  });

  it('leaves an app that makes ETags to Express', async () => {
    const c = CASES[0];
    const withEtags = app(true, c, true);
    const answered = await answer(withEtags.app, c);
    expect(answered.headers.etag).toEqual(expect.any(String));
    expect(answered).toEqual(await answer(app(false, c, true).app, c));
  });
});
