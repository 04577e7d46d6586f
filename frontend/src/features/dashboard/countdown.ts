import { useEffect, useState } from 'react';

/** Seconds left until `deadline` (epoch ms), from a clock ticking every second; 0 once passed or without a deadline. */
export function useSecondsLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** The wait's sentence, as the server says it: 'Vous pourrez envoyer un nouveau message dans 14 min 57 s.' */
export { formatWait, supportWaitText as waitText } from '@vitrine/domain';
