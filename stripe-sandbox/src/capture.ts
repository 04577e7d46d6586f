/**
 * Captures every API answer and every event the sandbox makes, one JSON line each, for the conformance check
 * (conformance/check.ts validates them against the `stripe` SDK's types). On when `captureFile` is given or
 * STRIPE_SANDBOX_CAPTURE_DIR is set (each process then writes its own file there); off otherwise.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface Captured {
  /** What produced it: `POST /v1/invoices/in_…/pay → 402`, `event invoice.paid` */
  source: string;
  body: unknown;
}

export type Capture = (source: string, body: unknown) => void;

export function captureTo(file: string | undefined): Capture | undefined {
  const dir = process.env.STRIPE_SANDBOX_CAPTURE_DIR;
  const target = file ?? (dir ? join(dir, `sandbox-${process.pid}.jsonl`) : undefined);
  if (!target) return undefined;
  mkdirSync(dirname(target), { recursive: true });
  return (source, body) => appendFileSync(target, `${JSON.stringify({ source, body } satisfies Captured)}\n`);
}
