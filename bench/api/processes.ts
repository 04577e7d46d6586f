// The app's process and its resident memory, read in /proc, and the servers it is compared with (bench/api/run.ts,
// bench/audience.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Starts a server the app is compared with (`node <args>`, with `env` over this process's), resolved once it prints
 * its first line; stopped when this process exits. In a session of its own, as the app is (scripts/start.ts starts it
 * detached): Linux's autogroup scheduling gives each session its share of the CPUs, and a server left in this process's
 * session shares autocannon's, which hands it the CPU on each request while the app waits for its turn among the
 * machine's other sessions (bench/audience.ts measured the same build at 50 % of its baseline in this session, 86 % in
 * its own).
 */
export async function startComparedServer(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  process.once('exit', () => server.kill('SIGTERM'));
  await new Promise((resolve) => server.stdout!.once('data', resolve));
  return server;
}

/** The pid of the process running `script` with PORT=port in its environment (the launcher's child). */
export function findPid(script: string, port: string): number | undefined {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script)) continue;
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`PORT=${port}`)) return Number(pid);
    } catch {
      // gone, or not ours
    }
  }
  return undefined;
}

/** The app's resident memory in MB: its process and its children (the public pages' renderer, while it runs). */
export function rss(pid: number | undefined): number | string {
  if (!pid) return '?';
  let kb = 0;
  for (const p of [pid, ...childrenOf(pid)]) {
    try {
      kb += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb ? Math.round(kb / 1024) : '?';
}

/** The public pages' renderer processes of the app `pid` (its children running renderer-child; PostgreSQL is apart). */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('renderer-child')) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** The app process's resident memory by kind, in MB (/proc/<pid>/status): anonymous (heaps, malloc), files (code), shared. */
export function rssKinds(pid: number | undefined): string {
  if (!pid) return '?';
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return ['RssAnon', 'RssFile', 'RssShmem']
      .map((kind) => `${kind} ${Math.round(Number(new RegExp(`${kind}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024)}`)
      .join(', ');
  } catch {
    return '?';
  }
}
