// The frontend's server bundle (dist-ssr/entry-server.js) in a process of its own, started by RendererProcess
// (renderer-process.ts) when a page is to be rendered and stopped once idle: React's server renderer and the whole
// frontend's code then never stay in the app's memory (about 28 MB resident at rest, docs/performance.md).
// Run by plain node, compiled (dist) or as TypeScript (the tests): node: modules only, erasable types only.
//
//   node renderer-child.js <bundle file>    then, over IPC: { id, name, args } → { id, value } or { id, error }
import { pathToFileURL } from 'node:url';

interface Request {
  id: number;
  name: string;
  args: unknown[];
}

const bundle = process.argv[2];
// The parent gone (crashed, killed), its renderer goes too.
process.on('disconnect', () => process.exit(0));

void import(pathToFileURL(bundle).href).then(
  (exports: Record<string, unknown>) => {
    process.on('message', (request: Request) => {
      const member = exports[request.name];
      Promise.resolve()
        .then(() => (typeof member === 'function' ? (member as (...args: unknown[]) => unknown)(...request.args) : member))
        .then(
          (value) => process.send?.({ id: request.id, value }),
          (error: unknown) => process.send?.({ id: request.id, error: (error as Error)?.stack ?? String(error) }),
        );
    });
    process.send?.({ ready: true });
  },
  (error: unknown) => {
    process.send?.({ failed: (error as Error)?.stack ?? String(error) });
    process.exit(1);
  },
);
