// With BENCH_CPU_PROFILE=<dir>, preloaded by bench/api/run.ts (NODE_OPTIONS=--import; `--cpu-prof` is not allowed
// there): profiles the app, its launcher (with the Stripe sandbox), the raw baseline and the bare servers from start to exit and writes <dir>/<script>-<pid>.cpuprofile, for
// Chrome DevTools or speedscope. With BENCH_HEAP_PROFILE=<dir>, the same processes' allocations, sampled (every 4 KB
// allocated, objects the garbage collector freed included: what a request allocates, not what stays), are written to
// <dir>/<script>-<pid>.heapprofile, for Chrome DevTools' Memory tab.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { basename, join } from 'node:path';

const cpuDir = process.env.BENCH_CPU_PROFILE;
const heapDir = process.env.BENCH_HEAP_PROFILE;
const script = process.argv[1] ?? '';
if ((cpuDir || heapDir) && /main\.js$|raw-server\.ts$|bare-servers\.ts$|start\.ts$/.test(script)) {
  const session = new Session();
  session.connect();
  if (cpuDir) {
    session.post('Profiler.enable');
    session.post('Profiler.start');
  }
  if (heapDir) {
    session.post('HeapProfiler.enable');
    session.post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  // Messages of an in-process session are answered synchronously: the profiles are written before the exit. The
  // baseline has no shutdown of its own: SIGTERM exits it, through that handler.
  if (script.endsWith('raw-server.ts')) process.once('SIGTERM', () => process.exit(0));
  process.on('exit', () => {
    const name = `${basename(script)}${process.env.BARE ? `-${process.env.BARE}` : ''}-${process.pid}`;
    if (cpuDir)
      session.post('Profiler.stop', (error, result) => {
        if (!error) writeFileSync(join(cpuDir, `${name}.cpuprofile`), JSON.stringify(result.profile));
      });
    if (heapDir)
      session.post('HeapProfiler.stopSampling', (error, result) => {
        if (!error) writeFileSync(join(heapDir, `${name}.heapprofile`), JSON.stringify(result.profile));
      });
  });
}
