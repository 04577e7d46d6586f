// React's scheduler (the package react-dom queues its work on) ships no types; src/test/setup.ts uses these two.
declare module 'scheduler' {
  export const unstable_IdlePriority: 5;
  export function unstable_scheduleCallback(priority: number, callback: () => void): unknown;
}
