/**
 * Waits for a state, never for a delay: asks `check` again, a little later each time (10 ms, doubling up to 500 ms), until
 * it holds or `timeoutMs` has passed; then fails with `what`. For what no helper can wait on directly (a retry the inbox
 * scheduled, another instance's worker, the sandbox giving up a delivery).
 */
export async function waitForState(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 10; ; wait = Math.min(wait * 2, 500)) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Toujours pas au bout de ${timeoutMs} ms : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
