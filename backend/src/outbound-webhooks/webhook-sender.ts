import type { LookupFunction } from 'node:net';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { CheckedUrl } from './url-guard';

export const USER_AGENT = 'Vitrine-Webhooks/1.0';
/** What is kept of an answer's body (an error's explanation in the log), at most */
const BODY_KEPT = 300;

export interface SendOutcome {
  /** The answer's status, or null when none came (refused, timeout, connection error) */
  statusCode: number | null;
  durationMs: number;
  /** Why it failed (null on a 2xx) */
  error: string | null;
}

/**
 * One POST of a delivery, with node:http(s): to the address the URL guard checked (a `lookup` that answers only it,
 * so a second DNS answer cannot point the connection elsewhere), JSON body, no redirect followed (a 3xx is a failure),
 * everything within `timeoutMs`. Never throws.
 */
export function postJson(target: CheckedUrl, body: string, headers: Record<string, string>, timeoutMs: number): Promise<SendOutcome> {
  const started = process.hrtime.bigint();
  const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: unknown[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const done = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const req = send(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'User-Agent': USER_AGENT,
          ...headers,
        },
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < BODY_KEPT) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) return done({ statusCode: status, error: null });
          const text = Buffer.concat(chunks).toString('utf8').slice(0, BODY_KEPT).replace(/\s+/g, ' ').trim();
          const what = status >= 300 && status < 400 ? 'Redirection non suivie' : `Réponse HTTP ${status}`;
          done({ statusCode: status, error: text ? `${what} : ${text}` : what });
        });
        res.on('error', (error) => done({ statusCode: res.statusCode ?? null, error: `Réponse interrompue : ${error.message}` }));
      },
    );
    const timer = setTimeout(() => {
      done({ statusCode: null, error: `Pas de réponse en ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error) => done({ statusCode: null, error: `Connexion impossible : ${error.message}` }));
    req.end(body);
  });
}
