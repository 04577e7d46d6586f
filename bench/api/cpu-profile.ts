// With BENCH_CPU_PROFILE=<dir>, preloaded by bench/api/run.ts (NODE_OPTIONS=--import; `--cpu-prof` is not allowed
// there): profiles the app, its launcher (with the Stripe sandbox) and the raw baseline from start to exit and writes <dir>/<script>-<pid>.cpuprofile, for
// Chrome DevTools or speedscope.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { basename, join } from 'node:path';

const dir = process.env.BENCH_CPU_PROFILE;
const script = process.argv[1] ?? '';
if (dir && /main\.js$|raw-server\.ts$|start\.ts$/.test(script)) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  // Messages of an in-process session are answered synchronously: the profile is written before the exit. The
  // baseline has no shutdown of its own: SIGTERM exits it, through that handler.
  if (script.endsWith('raw-server.ts')) process.once('SIGTERM', () => process.exit(0));
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(join(dir, `${basename(script)}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
