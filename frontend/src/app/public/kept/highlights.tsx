// The public build's home/Highlights.tsx (vite.config.ts, KEPT): the server's HTML of its sections (../kept.tsx).
import { kept } from '../kept';

const real = () => import('../../../features/public/home/Highlights');

export const Stats = kept('#contenu section[aria-label="Chiffres clés"]', () => real().then((m) => m.Stats));
export const HowItWorks = kept('#comment-ca-marche', () => real().then((m) => m.HowItWorks));
export const OfferCard = kept('#contenu section[aria-labelledby="offre-titre"]', () => real().then((m) => m.OfferCard));
export const Guarantees = kept('#garanties', () => real().then((m) => m.Guarantees));
