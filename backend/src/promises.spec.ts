/**
 * One promise everywhere (issue 38): the delivery time, the support's answer time and the call-back time are stated
 * only through @vitrine/domain's PROMISES, on every page, in the mails and in the server's answers, so that the client
 * area cannot say "sous 24-48h" again while the public pages and the terms say 24 hours and under 3 hours.
 */
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PROMISES, SUPPORT_REPLY_SENTENCE } from '@vitrine/domain';

/** The repository: this file is backend/src/promises.spec.ts. */
const ROOT = join(__dirname, '..', '..');

/** A promise written by hand: a delay of hours after 'en', 'sous', 'dans les', 'délai de', or the support's '< 3h'. */
const HAND_WRITTEN = [
  /(?<![\w.-])\d{1,2}\s?-\s?\d{1,2}\s?h\b/i,
  /\b(?:en|sous|dans les|de)\s+(?:<strong>)?\d+\s?(?:h\b|heures)/i,
  /moins de\s+\d+\s?(?:h\b|heures)/i,
  /<\s?\d{1,2}\s?h\b/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry: Dirent) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the promises', () => {
  it('are written once, in @vitrine/domain, and read from there by the browser and the server', () => {
    const found = [join(ROOT, 'frontend', 'src'), join(ROOT, 'backend', 'src'), join(ROOT, 'packages', 'domain', 'src')]
      .flatMap(sources)
      .filter((file) => !file.endsWith(join('domain', 'src', 'promises.ts')))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${relative(ROOT, file)}:${i + 1}` }))
          // Comments may say what a promise is; only what is shown counts.
          .filter(({ line }) => !/^\s*(\/\/|\/\*|\*)/.test(line))
          .filter(({ line }) => HAND_WRITTEN.some((pattern) => pattern.test(line)))
          .map(({ line, at }) => `${at}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });

  it('keep the public pages’ words: delivered in 24 business hours, an answer in under 3 hours', () => {
    expect(PROMISES.delivery).toEqual({ short: '24h', shortBusiness: '24h ouvrées', long: '24 heures ouvrées' });
    expect(PROMISES.supportReply.long).toBe('moins de 3 heures');
    expect(SUPPORT_REPLY_SENTENCE).toBe('Notre équipe vous répond en moins de 3 heures.');
  });
});
