import { useEffect, useState } from 'react';

/** 'mm:ss' of a number of seconds (rounded up): 900 → '15:00', 61 → '01:01'. */
export function formatMmSs(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Seconds left until `deadline` (epoch ms), from a clock ticking every second; 0 once passed or without a deadline. */
export function useSecondsLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

export const waitText = (seconds: number) => `Vous devez attendre ${formatMmSs(seconds)} avant de pouvoir envoyer un nouveau message`;
