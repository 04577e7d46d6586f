// The public build's home/Closing.tsx (vite.config.ts, KEPT): the server's HTML until the first interaction (../island.tsx).
import { island } from '../island';

const real = () => import('../../../features/public/home/Closing');

export const Faq = island('#faq', () => real().then((m) => ({ Whole: m.Faq, Content: m.FaqContent })));
