import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for one HTTP request (header-based, signed payload), as S3 and S3-compatible stores
 * (MinIO, Scaleway, OVH…) check it. https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** 's3' for object stores */
  service: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (which are added) */
  headers?: Record<string, string>;
  body?: Uint8Array;
  date: Date;
}

export const sha256Hex = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: Uint8Array | string, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding, as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX (upper-case hex). */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/')) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** 20130524T000000Z */
export const amzDate = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');
}

/** The headers to send: the given ones plus host, x-amz-date, x-amz-content-sha256 and Authorization. */
export function signRequest(request: SigV4Request, credentials: SigV4Credentials): Record<string, string> {
  const timestamp = amzDate(request.date);
  const day = timestamp.slice(0, 8);
  const payloadHash = sha256Hex(request.body ?? new Uint8Array());
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')])),
    host: request.url.host,
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': timestamp,
  };
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  // S3 encodes each path segment once (a key's '/' stays a separator).
  const canonicalUri = uriEncode(decodeURIComponent(request.url.pathname), true) || '/';
  const canonicalQuery = [...request.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalUri,
    canonicalQuery,
    ...names.map((n) => `${n}:${headers[n]}`),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', timestamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = hmac(signingKey(credentials.secretAccessKey, day, credentials.region, credentials.service), stringToSign).toString(
    'hex',
  );
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}
