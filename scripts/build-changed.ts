// Builds only what changed (`npm start`, the benches): each workspace's build (`npm run build -w frontend`, then
// backend) runs only when a hash of its inputs differs from the one stamped in its dist folder by its last build here.
// The inputs: every file of the workspace but node_modules/ and dist/, the root package-lock.json and tsconfig.json,
// and for the frontend the VITE_* variables (read at build time). A fresh clone has no dist, hence no stamp: it builds
// everything (the domain package, then frontend and backend). `npm run build` (CI, `npm test`, the benches) is this script with --force: it always builds everything
// and stamps it, so a following `npm start` builds nothing (each workspace's own build empties its dist, stamp
// included). The Docker image builds the workspaces directly (scripts/ is not in its context).
//
//   node scripts/build-changed.ts                    what changed
//   node scripts/build-changed.ts --force            everything, stamped (npm run build)
//   node scripts/build-changed.ts backend            only that workspace, if it changed
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.build-hash';
const force = process.argv.includes('--force');

/**
 * Folders that builds and tools write: never inputs. `.cache` holds what tests compile once and keep (the e-invoice
 * validator's stylesheets, the contract's document): counted as an input, the backend tier's first run made the
 * browser tier build the backend again in every CI run.
 */
const BUILD_OUTPUTS = new Set(['node_modules', 'dist', 'dist-ssr', 'dist-tools', 'coverage', '.cache']);
/** In build order: the domain package first (the backend runs its dist/, the frontend bundles its sources). */
const WORKSPACES = ['packages/domain', 'frontend', 'backend'];
/** What a workspace's build reads besides its own folder. */
const ALSO_READS: Record<string, string[]> = { frontend: ['packages/domain'] };

/** The hash of a workspace's build inputs: its files (not node_modules/, dist/, dist-tools/, coverage/, *.tsbuildinfo), the root lockfile and tsconfig, and the given variables. */
export function inputsHash(root: string, workspace: string, env: string[]): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!BUILD_OUTPUTS.has(entry.name)) walk(path);
      } else if (entry.isFile() && !entry.name.endsWith('.tsbuildinfo')) {
        hash
          .update(`${relative(root, path)}\0`)
          .update(readFileSync(path))
          .update('\0');
      }
    }
  };
  for (const dir of [workspace, ...(ALSO_READS[workspace] ?? [])]) if (existsSync(join(root, dir))) walk(join(root, dir));
  for (const file of ['package-lock.json', 'tsconfig.json']) hash.update(`${file}\0`).update(readFileSync(join(root, file)));
  for (const key of env) hash.update(`${key}=${process.env[key] ?? ''}\0`);
  return hash.digest('hex');
}

const named = import.meta.main ? process.argv.slice(2).filter((arg) => !arg.startsWith('--')) : [];
for (const name of named) {
  if (!WORKSPACES.includes(name)) {
    console.error(`Espace de travail inconnu : ${name} (${WORKSPACES.join(' ou ')}).`);
    process.exit(1);
  }
}
for (const workspace of import.meta.main
  ? WORKSPACES.filter((w) => existsSync(join(root, w, 'package.json')) && (named.length === 0 || named.includes(w)))
  : []) {
  const env =
    workspace === 'frontend'
      ? Object.keys(process.env)
          .filter((k) => k.startsWith('VITE_'))
          .sort()
      : [];
  const stampFile = join(root, workspace, 'dist', STAMP);
  // Two test tiers side by side (npm test) may both ask for the backend: one builds, the other then finds it built.
  const unlock = lock(workspace);
  try {
    const before = inputsHash(root, workspace, env);
    if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === before) {
      console.log(`${workspace} : inchangé depuis sa dernière construction`);
      continue;
    }
    // Through npm as `npm run build` does (the pinned Node 24 via npm_execpath when run from an npm script).
    const npm = process.env.npm_execpath;
    const built = npm
      ? spawnSync(process.execPath, [npm, 'run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' })
      : spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
    // Stamped with the inputs read before the build: a file edited during it makes the next start build again.
    writeFileSync(stampFile, before);
  } finally {
    unlock();
  }
}

/**
 * One build of a workspace of this checkout at a time: a folder made atomically (mkdir) holding the builder's pid; a
 * second builder waits for it to go, or takes it over when its builder is dead.
 */
export function lock(workspace: string): () => void {
  const dir = join(tmpdir(), `vitrine-build-${createHash('sha256').update(`${root}\0${workspace}`).digest('hex').slice(0, 16)}.lock`);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let said = false; ;) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'pid'), String(process.pid));
      const release = () => rmSync(dir, { recursive: true, force: true });
      process.once('exit', release);
      return () => {
        process.off('exit', release);
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = 0;
    try {
      holder = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    } catch {
      // being made or removed: look again
    }
    if (holder && !alive(holder)) rmSync(dir, { recursive: true, force: true });
    else {
      if (!said) console.log(`${workspace} : une autre construction est en cours, j'attends qu'elle finisse`);
      said = true;
      Atomics.wait(pause, 0, 0, 200);
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
