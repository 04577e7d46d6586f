import * as argon2 from 'argon2';
import { createHash, randomBytes } from 'node:crypto';
import type { PasswordHashCost } from '../config/app-config';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes): every password a person sets, in every environment but
 * the test harness's. `test-minimum` is argon2's smallest cost (1 MiB, 1 pass, about 50 times cheaper): loadConfig
 * accepts it only with NODE_ENV=test, so that the backend suite's ~1,600 sign-ups and logins do not spend 40 s of CPU
 * hashing. A hash carries its own parameters, so verifying costs what the hash cost.
 */
const COSTS = {
  full: { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 },
  'test-minimum': { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const satisfies Record<PasswordHashCost, argon2.HashOptions>;

export const hashPassword = (password: string, cost: PasswordHashCost = 'full'): Promise<string> => argon2.hash(password, COSTS[cost]);

/** Equal time whether or not an account exists: unknown e-mails are checked against a throwaway hash of the same cost. */
const dummyHashes = new Map<PasswordHashCost, Promise<string>>();
export async function verifyPassword(hash: string | null | undefined, password: string, cost: PasswordHashCost = 'full'): Promise<boolean> {
  if (!hash) {
    let dummy = dummyHashes.get(cost);
    if (!dummy) dummyHashes.set(cost, (dummy = hashPassword(randomBytes(16).toString('hex'), cost)));
    await argon2.verify(await dummy, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

/** Opaque random token for links and refresh; only its SHA-256 is stored. */
export const randomToken = (): string => randomBytes(32).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
