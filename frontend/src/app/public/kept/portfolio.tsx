// The public build's home/Portfolio.tsx (vite.config.ts, KEPT): the server's HTML until the first interaction (../island.tsx).
import { island } from '../island';

const real = () => import('../../../features/public/home/Portfolio');

export const Portfolio = island('#portfolio', () => real().then((m) => ({ Whole: m.Portfolio, Content: m.PortfolioContent })));
