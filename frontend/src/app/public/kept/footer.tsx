// The public build's layout/Footer.tsx (vite.config.ts, KEPT): the server's HTML of the footer (../kept.tsx).
import { kept } from '../kept';

export const Footer = kept('#root footer', () => import('../../layout/Footer').then((m) => m.Footer));
