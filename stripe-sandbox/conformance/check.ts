/**
 * The conformance check: every API answer and event the sandbox captured during a test run (STRIPE_SANDBOX_CAPTURE_DIR,
 * see src/capture.ts) validated against the `stripe` SDK's types for the pinned API version. Prints the object kinds
 * and event types checked and every divergence; exits 1 on any divergence, or when nothing was captured.
 *
 *   node stripe-sandbox/conformance/check.ts <capture dir>… [--label "backend e2e"]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Captured } from '../src/capture.ts';
import { type Divergence, StripeTypes } from './stripe-types.ts';

export interface ConformanceReport {
  checked: number;
  kinds: Record<string, number>;
  eventTypes: Record<string, number>;
  divergences: Divergence[];
}

export function readCaptures(dirs: string[]): Captured[] {
  const out: Captured[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.jsonl'))
      .sort()) {
      for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) if (line.trim()) out.push(JSON.parse(line) as Captured);
    }
  }
  return out;
}

export function checkCaptures(captured: Captured[], types = new StripeTypes()): ConformanceReport {
  const report: ConformanceReport = { checked: 0, kinds: {}, eventTypes: {}, divergences: [] };
  const count = (into: Record<string, number>, key: string): void => {
    into[key] = (into[key] ?? 0) + 1;
  };
  /** Each kind of object met, in answers, in lists, inside events and expanded inside other objects. */
  const tally = (value: unknown, depth = 0): void => {
    if (depth > 8 || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const v of value) tally(v, depth + 1);
      return;
    }
    const kind = StripeTypes.kindOf(value);
    if (StripeTypes.kinds().includes(kind)) count(report.kinds, kind);
    for (const v of Object.values(value)) tally(v, depth + 1);
  };
  for (const entry of captured) {
    report.checked += 1;
    const body = entry.body as { type?: string; object?: string };
    if (body?.object === 'event' && typeof body.type === 'string') count(report.eventTypes, body.type);
    tally(entry.body);
    report.divergences.push(...types.check(entry.body, entry.source).divergences);
  }
  return report;
}

export function formatReport(report: ConformanceReport, label: string): string {
  const lines = [
    `Conformité au SDK stripe (types de l'API 2026-10-28.endive) — ${label} : ${report.checked} réponses et événements vérifiés, ${report.divergences.length} divergence(s).`,
    `Objets vérifiés : ${Object.entries(report.kinds)
      .sort()
      .map(([k, n]) => `${k} ×${n}`)
      .join(', ')}`,
    `Événements vérifiés : ${Object.entries(report.eventTypes)
      .sort()
      .map(([k, n]) => `${k} ×${n}`)
      .join(', ')}`,
  ];
  const seen = new Map<string, { d: Divergence; n: number }>();
  for (const d of report.divergences) {
    const key = `${d.path.replace(/\[\d+\]/g, '[]')} ${d.message}`;
    const s = seen.get(key);
    if (s) s.n += 1;
    else seen.set(key, { d, n: 1 });
  }
  for (const { d, n } of seen.values()) lines.push(`  ✗ ${d.source} — ${d.path || '(racine)'} : ${d.message}${n > 1 ? ` (×${n})` : ''}`);
  return lines.join('\n');
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--label');
  const label = at >= 0 ? args.splice(at, 2)[1] : args.join(', ');
  const captured = readCaptures(args);
  if (!captured.length) {
    console.error(`Conformité au SDK stripe — ${label} : rien n'a été capturé (STRIPE_SANDBOX_CAPTURE_DIR).`);
    process.exit(1);
  }
  const report = checkCaptures(captured);
  console.log(formatReport(report, label));
  process.exit(report.divergences.length ? 1 : 0);
}
