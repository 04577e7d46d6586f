import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The backend's folders form no import cycle: the composition root (src/*.ts) and the tools (scripts/) on top, the
 * feature modules below them, the shared infrastructure (common/, config/, database/) at the bottom. ESLint's
 * boundaries rule keeps the infrastructure from importing a feature; this keeps the whole graph acyclic.
 */
const SRC = __dirname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The folder a file belongs to: its first folder under src/, or 'root' for src/*.ts. */
const folderOf = (path: string) => {
  const parts = relative(SRC, path).split(sep);
  return parts.length === 1 ? 'root' : parts[0];
};

function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files(SRC)) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const to = folderOf(resolve(dirname(file), spec));
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Strongly connected components of more than one folder (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const meta = new Map<string, { index: number; low: number; onStack: boolean }>();
  const found: string[][] = [];
  const visit = (node: string) => {
    meta.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!meta.has(next)) {
        visit(next);
        meta.get(node)!.low = Math.min(meta.get(node)!.low, meta.get(next)!.low);
      } else if (meta.get(next)!.onStack) {
        meta.get(node)!.low = Math.min(meta.get(node)!.low, meta.get(next)!.index);
      }
    }
    if (meta.get(node)!.low === meta.get(node)!.index) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        meta.get(member)!.onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!meta.has(node)) visit(node);
  return found;
}

describe('backend architecture', () => {
  const graph = folderGraph();

  it('has no import cycle between folders', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('keeps the shared infrastructure free of features, and nothing but the tools imports the root', () => {
    for (const infra of ['common', 'config', 'database'])
      expect([...(graph.get(infra) ?? [])].filter((to) => !['common', 'config', 'database'].includes(to))).toEqual([]);
    const intoRoot = [...graph].filter(([from, to]) => from !== 'scripts' && to.has('root')).map(([from]) => from);
    expect(intoRoot).toEqual([]);
  });

  it('finds cycles when there are some', () => {
    expect(
      cycles(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['c'])],
          ['c', new Set(['a'])],
          ['d', new Set(['a'])],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
  });
});
