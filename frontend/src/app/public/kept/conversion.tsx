// The public build's home/Conversion.tsx (vite.config.ts, KEPT): the server's HTML of its sections (../kept.tsx).
import { kept } from '../kept';

const real = () => import('../../../features/public/home/Conversion');

export const Conversion = kept('#pourquoi', () => real().then((m) => m.Conversion));
export const ClosingCta = kept('#contenu section[aria-labelledby="cta-final"]', () => real().then((m) => m.ClosingCta));
