// `node --test scripts/` (npm run test:scripts): every relative link and every #anchor in README.md and docs/**/*.md
// leads somewhere. Markdown is parsed by markdown-it (already installed, under typedoc), so links in code blocks are
// not links and reference-style links are; anchors follow GitHub's rules (github-slugger).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { after, test } from 'node:test';

interface Token {
  type: string;
  tag: string;
  content: string;
  map: [number, number] | null;
  children: Token[] | null;
  attrGet(name: string): string | null;
}
// markdown-it ships no types; this is the part of its API used here.
const MarkdownIt = createRequire(import.meta.url)('markdown-it') as new (options: { html: boolean }) => {
  parse(source: string, env: object): Token[];
};
const markdown = new MarkdownIt({ html: true });

/** GitHub's anchor for a heading's text: lowercase, punctuation dropped (hyphens and underscores kept), spaces → '-'. */
export function slug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor of a Markdown text: its headings' slugs (a repeated one gets -1, -2…) and the HTML ids and names. */
export function anchorsOf(source: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const tokens = markdown.parse(source, {});
  tokens.forEach((token, index) => {
    if (token.type === 'heading_open') {
      const inline = tokens[index + 1].children ?? [];
      const base = slug(inline.map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : '')).join(''));
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    if (token.type === 'html_block' || token.type === 'html_inline' || token.children) {
      const html = [token, ...(token.children ?? [])].filter((t) => t.type.startsWith('html_')).map((t) => t.content);
      for (const match of html.join('\n').matchAll(/\s(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
    }
  });
  return anchors;
}

/** The links and images of a Markdown text, with their line. */
function linksOf(source: string): { href: string; line: number }[] {
  const links: { href: string; line: number }[] = [];
  let line = 1; // a table cell's text has no line of its own: its row's
  for (const block of markdown.parse(source, {})) {
    if (block.map) line = block.map[0] + 1;
    let breaks = 0;
    for (const child of block.children ?? []) {
      if (child.type === 'softbreak' || child.type === 'hardbreak') breaks += 1;
      const href = child.type === 'link_open' ? child.attrGet('href') : child.type === 'image' ? child.attrGet('src') : null;
      if (href !== null) links.push({ href, line: line + breaks });
    }
  }
  return links;
}

/** Each relative link of the given files (paths from root) whose file or anchor does not exist, as `file:line → href (why)`. */
export function deadLinks(root: string, files: string[]): string[] {
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
    return anchorCache.get(file)!;
  };
  const dead: string[] = [];
  for (const file of files) {
    const path = join(root, file);
    for (const { href, line } of linksOf(readFileSync(path, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue; // https:, mailto:… are not ours to check
      const hash = href.indexOf('#');
      const target = decodeURIComponent(hash === -1 ? href : href.slice(0, hash));
      const anchor = hash === -1 ? undefined : decodeURIComponent(href.slice(hash + 1));
      const targetPath = target === '' ? path : target.startsWith('/') ? join(root, target) : resolve(dirname(path), target);
      const where = `${file}:${line} → ${href}`;
      if (!existsSync(targetPath)) dead.push(`${where} (no such file: ${relative(root, targetPath)})`);
      else if (anchor !== undefined && anchor !== '') {
        if (!targetPath.endsWith('.md') || statSync(targetPath).isDirectory())
          dead.push(`${where} (an anchor into a file that is not Markdown)`);
        else if (!anchors(targetPath).has(anchor)) dead.push(`${where} (no heading #${anchor} in ${relative(root, targetPath)})`);
      }
    }
  }
  return dead;
}

/** README.md and every Markdown file under docs/, as paths from root. */
export function docsFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => join('docs', file));
  return ['README.md', ...docs.sort()];
}

test('anchors follow GitHub: lowercase, punctuation dropped, spaces to hyphens, accents kept, repeats numbered', () => {
  assert.equal(slug('Webhooks sortants (outbound webhooks)'), 'webhooks-sortants-outbound-webhooks');
  assert.equal(slug("A subscription's whole life"), 'a-subscriptions-whole-life');
  assert.equal(slug('Legal invoices (Factur-X) and the e-invoicing reform'), 'legal-invoices-factur-x-and-the-e-invoicing-reform');
  assert.equal(slug('Données & droits: `npm_start`'), 'données--droits-npm_start');
  const anchors = anchorsOf('# Tests\n\n## Tests\n\n### `npm test`, *fast*\n\n<a id="ici"></a>\n\n```md\n# not a heading\n```\n');
  assert.deepEqual([...anchors].sort(), ['ici', 'npm-test-fast', 'tests', 'tests-1']);
});

test('a dead file, a dead anchor and an anchor in another file are found; code blocks and external links are not links', () => {
  const root = mkdtempSync(join(tmpdir(), 'vitrine-docs-links-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'docs'));
  writeFileSync(join(root, 'docs/a.md'), '# A\n\n## Deux mots\n');
  writeFileSync(
    join(root, 'README.md'),
    [
      '# Root',
      '[ok](docs/a.md#deux-mots) [ok](#root) [ok](docs/) [ok](https://example.com/nowhere) [ok](mailto:x@example.com)',
      '[dead file](docs/b.md)',
      '[dead anchor](docs/a.md#trois)',
      '[dead here][ref]',
      '```',
      '[not a link](nowhere.md)',
      '```',
      '[ref]: #nowhere',
    ].join('\n'),
  );
  assert.deepEqual(deadLinks(root, docsFiles(root)), [
    'README.md:3 → docs/b.md (no such file: docs/b.md)',
    'README.md:4 → docs/a.md#trois (no heading #trois in docs/a.md)',
    'README.md:5 → #nowhere (no heading #nowhere in README.md)',
  ]);
});

test('every relative link and anchor of README.md and docs/ leads somewhere', () => {
  const root = join(import.meta.dirname, '..');
  const files = docsFiles(root);
  assert.ok(files.includes(join('docs', 'architecture.md')), 'docs/ is read');
  const dead = deadLinks(root, files);
  assert.deepEqual(dead, [], `dead links:\n${dead.join('\n')}`);
});
