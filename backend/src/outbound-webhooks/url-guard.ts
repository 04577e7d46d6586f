import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * The server-side request forgery rule of outbound webhooks: an endpoint is an https URL whose host resolves only to
 * public unicast addresses. Refused: loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local
 * (169.254/16, fe80::/10), unspecified, multicast, broadcast, carrier-grade NAT (100.64/10), reserved and
 * documentation ranges, and IPv6 forms that carry an IPv4 address (IPv4-mapped, NAT64, 6to4, Teredo). The ranges are
 * ipaddr.js's (`range()`), not ours. With `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE_URLS, development and tests), http
 * and any address pass.
 */

export const URL_MAX = 2000;

/** Why an address is refused, or null when it is a public unicast one. */
export function refusedAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'adresse IP illisible';
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  const ip = ipaddr.process(address);
  const range = ip.range();
  return range === 'unicast' ? null : `${ip.toString()} (${RANGE_LABELS[range] ?? range})`;
}

const RANGE_LABELS: Record<string, string> = {
  loopback: 'boucle locale',
  private: 'réseau privé',
  uniqueLocal: 'réseau privé',
  linkLocal: 'lien local',
  unspecified: 'adresse non spécifiée',
  multicast: 'multidiffusion',
  broadcast: 'diffusion',
  carrierGradeNat: 'NAT d’opérateur',
  reserved: 'plage réservée',
  ipv4Mapped: 'IPv4 dans IPv6',
  rfc6145: 'IPv4 traduite',
  rfc6052: 'NAT64',
  '6to4': '6to4',
  teredo: 'Teredo',
};

export interface CheckedUrl {
  url: URL;
  /** The address checked, the one to connect to (no second resolution: DNS rebinding cannot swap it) */
  address: string;
  family: 4 | 6;
}

/** A French sentence on why the URL is refused (for the `url` field or a delivery's error), or what to connect to. */
export type UrlCheck = { ok: true; target: CheckedUrl } | { ok: false; reason: string };

/** The URL's form alone: parsed, https (or http when allowed), no credentials, at most URL_MAX characters. */
export function urlFormProblem(raw: string, allowPrivate: boolean): string | null {
  if (raw.length > URL_MAX) return `L'URL ne doit pas dépasser ${URL_MAX} caractères`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "L'URL n'est pas valide (exemple : https://exemple.fr/webhooks)";
  }
  const protocols = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!protocols.includes(url.protocol)) return "L'URL doit commencer par https://";
  if (url.username || url.password) return "L'URL ne doit pas contenir d'identifiant ni de mot de passe";
  if (!url.hostname) return "L'URL doit nommer un hôte";
  return null;
}

/** The host's addresses (every one of them), each checked; the first is the one to connect to. */
export async function checkUrl(raw: string, allowPrivate: boolean, resolve = lookupAll): Promise<UrlCheck> {
  const form = urlFormProblem(raw, allowPrivate);
  if (form) return { ok: false, reason: form };
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await resolve(host);
  } catch {
    return { ok: false, reason: `L'hôte ${host} est introuvable (DNS)` };
  }
  if (!addresses.length) return { ok: false, reason: `L'hôte ${host} est introuvable (DNS)` };
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const refused = refusedAddress(address);
      if (refused)
        return {
          ok: false,
          reason: `L'URL vise une adresse privée, locale ou réservée (${refused}) : seules les adresses publiques sont autorisées`,
        };
    }
  }
  const [first] = addresses;
  return { ok: true, target: { url, address: first.address, family: first.family === 6 ? 6 : 4 } };
}

function lookupAll(host: string): Promise<Array<{ address: string; family: number }>> {
  return lookup(host, { all: true, verbatim: true });
}
