/** Wait before the next attempt after `attempt` failed ones: `baseSeconds`, doubled each time, at most one hour. */
export function retryDelaySeconds(attempt: number, baseSeconds: number): number {
  return Math.min(3600, baseSeconds * 2 ** (Math.max(1, attempt) - 1));
}
