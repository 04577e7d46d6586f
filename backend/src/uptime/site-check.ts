import type { LookupFunction } from 'node:net';
import { request } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { checkUrl } from '../outbound-webhooks/url-guard';
import type { UptimeCause } from './uptime.entities';

export const UPTIME_USER_AGENT = 'Vitrine-Surveillance/1.0';

export interface SiteCheckOptions {
  /** UPTIME_ALLOW_PRIVATE_ADDRESSES (tests, development): private, loopback and special-purpose addresses allowed */
  allowPrivate: boolean;
  /** The whole check, DNS to the answer's headers */
  timeoutMs: number;
  /** Certificates trusted instead of the system's (tests: their self-signed server's); undefined: the system's */
  ca?: string[];
  /** How the host is resolved (the URL guard's, DNS by default) */
  resolve?: Parameters<typeof checkUrl>[2];
}

export interface SiteCheckResult {
  up: boolean;
  /** The answer's status, or null when none came */
  statusCode: number | null;
  /** Time to the answer's headers (null when none came) */
  latencyMs: number | null;
  /** The home page's redirect target (absolute), when it redirects */
  redirectTo: string | null;
  /** Why it is down (null when up) */
  cause: UptimeCause | null;
  /** What went wrong, in French (null when up) */
  error: string | null;
  /** The certificate the server showed, when the TLS handshake succeeded */
  certificate: { expiresAt: Date; fingerprint: string } | null;
}

/**
 * TLS errors of the handshake (node's and OpenSSL's codes): the certificate or the protocol (EPROTO: no TLS on port
 * 443, a protocol version refused), not the network.
 */
const TLS_CODES = /^(CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|ERR_TLS_|ERR_SSL_|HOSTNAME_MISMATCH|EPROTO$)/;

/** The site's home page over HTTPS (https://<domain>/), for the watch. */
export function homeUrl(domain: string): string {
  return `https://${domain}/`;
}

/**
 * One check of a site: its domain resolved and every address judged by the outbound webhooks' guard (private,
 * loopback and special-purpose addresses refused unless allowed), then one HTTPS GET of its home page to the address
 * checked (no second resolution), its certificate verified; the status, the time to the headers, the redirect target
 * (not followed) and the certificate's expiry read; the body never downloaded. Everything within `timeoutMs`, the
 * DNS lookup included. Never throws.
 */
export async function checkSite(domain: string, options: SiteCheckOptions): Promise<SiteCheckResult> {
  const down = (cause: UptimeCause, error: string, statusCode: number | null = null): SiteCheckResult => ({
    up: false,
    statusCode,
    latencyMs: null,
    redirectTo: null,
    cause,
    error,
    certificate: null,
  });
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.timeoutMs);
  });
  try {
    const checked = await Promise.race([checkUrl(homeUrl(domain), options.allowPrivate, options.resolve), deadline]);
    if (checked === 'timeout') return down('timeout', `Pas de réponse du DNS en ${options.timeoutMs} ms`);
    if (!checked.ok) return down(checked.cause === 'dns' ? 'dns' : 'address', checked.reason);
    const left = Math.max(1, options.timeoutMs - (performance.now() - started));
    return await get(checked.target, left, options.ca, started);
  } finally {
    clearTimeout(timer);
  }
}

function get(
  target: { url: URL; address: string; family: 4 | 6 },
  timeoutMs: number,
  ca: string[] | undefined,
  started: number,
): Promise<SiteCheckResult> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: unknown[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  return new Promise<SiteCheckResult>((resolve) => {
    let settled = false;
    const done = (result: SiteCheckResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };
    const failed = (cause: UptimeCause, error: string): SiteCheckResult => ({
      up: false,
      statusCode: null,
      latencyMs: null,
      redirectTo: null,
      cause,
      error,
      certificate: null,
    });
    const req = request(
      target.url,
      {
        method: 'GET',
        lookup: pinned,
        agent: false,
        ...(ca ? { ca } : {}),
        headers: { 'User-Agent': UPTIME_USER_AGENT, Accept: 'text/html,*/*' },
      },
      (res) => {
        const latencyMs = Math.round(performance.now() - started);
        const status = res.statusCode ?? 0;
        const peer = (res.socket as TLSSocket).getPeerCertificate?.();
        const certificate = peer && peer.valid_to ? { expiresAt: new Date(peer.valid_to), fingerprint: peer.fingerprint256 } : null;
        let redirectTo: string | null = null;
        if (status >= 300 && status < 400 && res.headers.location) {
          try {
            redirectTo = new URL(res.headers.location, target.url).toString().slice(0, 2000);
          } catch {
            redirectTo = null;
          }
        }
        const up = status >= 200 && status < 400;
        done({
          up,
          statusCode: status,
          latencyMs,
          redirectTo,
          cause: up ? null : 'http',
          error: up ? null : `Réponse HTTP ${status}`,
          certificate,
        });
      },
    );
    const timer = setTimeout(() => done(failed('timeout', `Pas de réponse en ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? '';
      if (TLS_CODES.test(code)) done(failed('tls', `Certificat ou TLS refusé : ${error.message}`));
      else done(failed('connection', `Connexion impossible : ${error.message}`));
    });
    req.end();
  });
}
