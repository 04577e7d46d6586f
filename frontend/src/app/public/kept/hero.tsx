// The public build's home/Hero.tsx (vite.config.ts, KEPT): the server's HTML until the visitor's first interaction
// with the page, then its particles and its video (../island.tsx).
import { island } from '../island';

const real = () => import('../../../features/public/home/Hero');

export const Hero = island(
  '#contenu section[aria-labelledby="hero-titre"]',
  () => real().then((m) => ({ Whole: m.Hero, Content: m.HeroContent })),
  {
    wake: 'page',
    theme: true,
  },
);
