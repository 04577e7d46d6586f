// The public build's home/Pricing.tsx (vite.config.ts, KEPT): the server's HTML until the first interaction (../island.tsx).
import { island } from '../island';

const real = () => import('../../../features/public/home/Pricing');

export const Pricing = island('#features', () => real().then((m) => ({ Whole: m.Pricing, Content: m.PricingContent })));
