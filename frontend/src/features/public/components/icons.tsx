import { StrokeIcon } from '../../../components/ui/icons';

// Stroke icons (24×24, currentColor), decorative: always aria-hidden.
const paths = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  clock: 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  shield: 'M12 3l7 3v6c0 4.4-3 8-7 9-4-1-7-4.6-7-9V6l7-3Zm-3 9l2 2 4-4',
  refund: 'M3 12a9 9 0 1 0 3-6.7M3 4v4.5h4.5M9 12h6M12 9v6',
  unlock: 'M7 11V7a5 5 0 0 1 9.6-2M5 11h14v10H5V11Zm7 4v2',
  lock: 'M7 11V7a5 5 0 0 1 10 0v4M5 11h14v10H5V11Zm7 4v2',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H5a1 1 0 0 1-1-1v-5Zm16 0h-3v6h2a1 1 0 0 0 1-1v-5ZM17 20c0 1-2 2-5 2',
  data: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3Zm0 0v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm5-2l5 5',
  sparkles:
    'M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3ZM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8L19 15Z',
  layout: 'M4 5h16v14H4V5Zm0 4h16M9 9v10',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z',
  mail: 'M4 6h16v12H4V6Zm0 1l8 6 8-6',
  calendar: 'M5 5h14v15H5V5Zm0 5h14M9 3v4M15 3v4',
  chat: 'M4 5h16v11H8l-4 4V5Z',
  palette:
    'M12 3a9 9 0 0 0 0 18c1 0 1.5-.8 1.5-1.5 0-1.2-1-1.5-1-2.5s.8-1.5 2-1.5H17a4 4 0 0 0 4-4c0-4.7-4-8.5-9-8.5ZM7.5 12h.01M10 7.5h.01M15 7.5h.01',
  code: 'M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14',
  rocket: 'M5 15c-1.5 1.5-2 4-2 6 2 0 4.5-.5 6-2M9 15l-3-3c1-4 4-8 12-9-1 8-5 11-9 12Zm5-6h.01',
  trend: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-6 10c0-3.3 2.7-6 6-6s6 2.7 6 6M16 3.5a4 4 0 0 1 0 7.5M18 15c2 .7 3 2.6 3 6',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-9-9h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9Z',
  arrowRight: 'M5 12h14M13 6l6 6-6 6',
  plus: 'M12 5v14M5 12h14',
  close: 'M6 6l12 12M18 6L6 18',
  expand: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  play: 'M8 5l11 7-11 7V5Z',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9L12 3Z',
  map: 'M9 4L3 6v14l6-2 6 2 6-2V4l-6 2-6-2Zm0 0v14m6-12v14',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, className = 'size-5', strokeWidth = 1.8 }: { name: IconName; className?: string; strokeWidth?: number }) {
  return (
    <StrokeIcon className={className} strokeWidth={strokeWidth} strokeLinecap="round" strokeLinejoin="round" focusable="false">
      <path d={paths[name]} />
    </StrokeIcon>
  );
}
