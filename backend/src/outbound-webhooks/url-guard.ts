import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * The server-side request forgery rule of outbound webhooks: an endpoint is an https URL whose host resolves only to
 * globally reachable unicast addresses. With `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE_URLS, development and tests), http
 * and any address pass.
 *
 * What "globally reachable" means is IANA's, not ours. The tables below are the IANA special-purpose registries,
 * row for row with their "Globally Reachable" column:
 * - IPv4: https://www.iana.org/assignments/iana-ipv4-special-registry/ (RFC 6890, RFC 8190);
 * - IPv6: https://www.iana.org/assignments/iana-ipv6-special-registry/ (RFC 6890, RFC 8190), up to 3fff::/20
 *   (RFC 9637), 5f00::/16 (RFC 9602) and 100:0:0:1::/64 (RFC 9780).
 * The most specific row decides (192.0.0.9/32 is reachable inside 192.0.0.0/24, which is not). Rows whose column
 * says "N/A" (Teredo, 6to4, the deprecated ORCHID, the deprecated 6to4 relay anycast) are refused: they are
 * deprecated or tunnel to an IPv4 address behind them. Two rules of the address-space registries complete them:
 * IPv4 multicast 224.0.0.0/4 (iana.org/assignments/ipv4-address-space) and, in IPv6, everything outside the global
 * unicast space 2000::/3 (iana.org/assignments/ipv6-address-space: multicast, site-local fec0::/10, the deprecated
 * IPv4-compatible ::/96 such as ::127.0.0.1, the rest reserved by the IETF). An IPv4 address written in IPv6 (mapped
 * ::ffff:0:0/96, or the well-known NAT64 prefix 64:ff9b::/96) is judged as the IPv4 address it carries.
 * ipaddr.js parses the addresses and matches the prefixes.
 */

export const URL_MAX = 2000;

/** One row of a special-purpose registry: its block, its name (French), whether it is globally reachable. */
interface SpecialBlock {
  cidr: string;
  name: string;
  global: boolean;
}

/** iana-ipv4-special-registry (last updated 2025), every row. */
export const IPV4_SPECIAL: readonly SpecialBlock[] = [
  { cidr: '0.0.0.0/8', name: 'ce réseau', global: false },
  { cidr: '0.0.0.0/32', name: 'cet hôte', global: false },
  { cidr: '10.0.0.0/8', name: 'réseau privé', global: false },
  { cidr: '100.64.0.0/10', name: 'NAT d’opérateur', global: false },
  { cidr: '127.0.0.0/8', name: 'boucle locale', global: false },
  { cidr: '169.254.0.0/16', name: 'lien local', global: false },
  { cidr: '172.16.0.0/12', name: 'réseau privé', global: false },
  { cidr: '192.0.0.0/24', name: 'affectations de protocole IETF', global: false },
  { cidr: '192.0.0.0/29', name: 'DS-Lite', global: false },
  { cidr: '192.0.0.8/32', name: 'adresse IPv4 factice', global: false },
  { cidr: '192.0.0.9/32', name: 'anycast PCP', global: true },
  { cidr: '192.0.0.10/32', name: 'anycast TURN', global: true },
  { cidr: '192.0.0.170/32', name: 'découverte NAT64/DNS64', global: false },
  { cidr: '192.0.0.171/32', name: 'découverte NAT64/DNS64', global: false },
  { cidr: '192.0.2.0/24', name: 'documentation', global: false },
  { cidr: '192.31.196.0/24', name: 'AS112', global: true },
  { cidr: '192.52.193.0/24', name: 'AMT', global: true },
  { cidr: '192.88.99.0/24', name: 'relais 6to4 (obsolète)', global: false },
  { cidr: '192.168.0.0/16', name: 'réseau privé', global: false },
  { cidr: '192.175.48.0/24', name: 'AS112 (délégation directe)', global: true },
  { cidr: '198.18.0.0/15', name: 'banc d’essai', global: false },
  { cidr: '198.51.100.0/24', name: 'documentation', global: false },
  { cidr: '203.0.113.0/24', name: 'documentation', global: false },
  { cidr: '240.0.0.0/4', name: 'plage réservée', global: false },
  { cidr: '255.255.255.255/32', name: 'diffusion', global: false },
];

/** iana-ipv6-special-registry (last updated 2025), every row. */
export const IPV6_SPECIAL: readonly SpecialBlock[] = [
  { cidr: '::1/128', name: 'boucle locale', global: false },
  { cidr: '::/128', name: 'adresse non spécifiée', global: false },
  { cidr: '::ffff:0:0/96', name: 'IPv4 dans IPv6', global: false },
  { cidr: '64:ff9b::/96', name: 'NAT64', global: true },
  { cidr: '64:ff9b:1::/48', name: 'NAT64 local', global: false },
  { cidr: '100::/64', name: 'préfixe de rejet', global: false },
  { cidr: '100:0:0:1::/64', name: 'préfixe IPv6 factice', global: false },
  { cidr: '2001::/23', name: 'affectations de protocole IETF', global: false },
  { cidr: '2001::/32', name: 'Teredo', global: false },
  { cidr: '2001:1::1/128', name: 'anycast PCP', global: true },
  { cidr: '2001:1::2/128', name: 'anycast TURN', global: true },
  { cidr: '2001:1::3/128', name: 'anycast DNS-SD SRP', global: true },
  { cidr: '2001:2::/48', name: 'banc d’essai', global: false },
  { cidr: '2001:3::/32', name: 'AMT', global: true },
  { cidr: '2001:4:112::/48', name: 'AS112', global: true },
  { cidr: '2001:10::/28', name: 'ORCHID (obsolète)', global: false },
  { cidr: '2001:20::/28', name: 'ORCHIDv2', global: true },
  { cidr: '2001:30::/28', name: 'identification de drones', global: true },
  { cidr: '2001:db8::/32', name: 'documentation', global: false },
  { cidr: '2002::/16', name: '6to4', global: false },
  { cidr: '2620:4f:8000::/48', name: 'AS112 (délégation directe)', global: true },
  { cidr: '3fff::/20', name: 'documentation', global: false },
  { cidr: '5f00::/16', name: 'segment routing (SRv6)', global: false },
  { cidr: 'fc00::/7', name: 'réseau privé', global: false },
  { cidr: 'fe80::/10', name: 'lien local', global: false },
];

type Parsed = { block: SpecialBlock; ip: ipaddr.IPv4 | ipaddr.IPv6; bits: number };
const parseTable = (rows: readonly SpecialBlock[]): Parsed[] =>
  rows
    .map((block) => {
      const [ip, bits] = ipaddr.parseCIDR(block.cidr);
      return { block, ip, bits };
    })
    // Longest prefix first: the most specific row decides.
    .sort((a, b) => b.bits - a.bits);
const V4 = parseTable(IPV4_SPECIAL);
const V6 = parseTable(IPV6_SPECIAL);
const MULTICAST_V4 = ipaddr.parseCIDR('224.0.0.0/4');
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

const special = (ip: ipaddr.IPv4 | ipaddr.IPv6, table: Parsed[]) => table.find((row) => ip.match(row.ip, row.bits))?.block;

/**
 * The address as the WHATWG URL parser writes it (IPv6 in hexadecimal, IPv4 in dotted decimal), or null. ipaddr.js
 * 2.5 reads the IPv4-compatible `::8.8.8.8` as the mapped `::ffff:8.8.8.8`; its canonical form `::808:808` it reads
 * right.
 */
function canonicalAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return null;
  try {
    const host = new URL(`http://${address.includes(':') ? `[${address}]` : address}/`).hostname;
    return ipaddr.isValid(host.replace(/^\[(.*)\]$/, '$1')) ? host.replace(/^\[(.*)\]$/, '$1') : null;
  } catch {
    return null;
  }
}

/** Why an address is refused, or null when it is a globally reachable unicast one. */
export function refusedAddress(address: string): string | null {
  const canonical = canonicalAddress(address);
  if (!canonical) return 'adresse IP illisible';
  const ip = ipaddr.parse(canonical);
  if (ip.kind() === 'ipv4') {
    const v4 = ip as ipaddr.IPv4;
    if (v4.match(MULTICAST_V4)) return `${v4.toString()} (multidiffusion)`;
    const block = special(v4, V4);
    return block && !block.global ? `${v4.toString()} (${block.name})` : null;
  }
  const v6 = ip as ipaddr.IPv6;
  // An IPv4 address written in IPv6 is judged as that IPv4 address.
  if (v6.isIPv4MappedAddress()) return refusedAddress(v6.toIPv4Address().toString());
  if (v6.match(NAT64_WELL_KNOWN)) {
    const parts = v6.toByteArray().slice(12);
    const inner = refusedAddress(parts.join('.'));
    return inner ? `${v6.toString()} → ${inner}` : null;
  }
  const block = special(v6, V6);
  if (block) return block.global ? null : `${v6.toString()} (${block.name})`;
  if (!v6.match(GLOBAL_UNICAST_V6))
    return `${v6.toString()} (${v6.range() === 'multicast' ? 'multidiffusion' : 'hors de l’espace unicast global'})`;
  return null;
}

export interface CheckedUrl {
  url: URL;
  /** The address checked, the one to connect to (no second resolution: DNS rebinding cannot swap it) */
  address: string;
  family: 4 | 6;
}

/**
 * A French sentence on why the URL is refused (for the `url` field or a delivery's error), and what kind of refusal
 * (its form, its host unknown to DNS, an address refused), or what to connect to.
 */
export type UrlCheck = { ok: true; target: CheckedUrl } | { ok: false; reason: string; cause: 'form' | 'dns' | 'address' };

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
  if (form) return { ok: false, reason: form, cause: 'form' };
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await resolve(host);
  } catch {
    return { ok: false, reason: `L'hôte ${host} est introuvable (DNS)`, cause: 'dns' };
  }
  if (!addresses.length) return { ok: false, reason: `L'hôte ${host} est introuvable (DNS)`, cause: 'dns' };
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const refused = refusedAddress(address);
      if (refused)
        return {
          ok: false,
          reason: `L'URL vise une adresse privée, locale ou réservée (${refused}) : seules les adresses publiques sont autorisées`,
          cause: 'address',
        };
    }
  }
  const [first] = addresses;
  return { ok: true, target: { url, address: first.address, family: first.family === 6 ? 6 : 4 } };
}

function lookupAll(host: string): Promise<Array<{ address: string; family: number }>> {
  return lookup(host, { all: true, verbatim: true });
}
