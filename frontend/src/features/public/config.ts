/**
 * Public-site configuration: the hero videos, overridable at build time with VITE_* variables. The agency's identity
 * and contact details come from the server (GET /api/agency, see lib/site-info.ts).
 */
const env = import.meta.env;

function setting(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

/**
 * The hero video, one per theme, from an embedded video provider (Vimeo's background player by default).
 * The iframe is added only once the page is interactive; the CSP's frame-src must allow the provider's origin.
 */
export const heroVideo = {
  light: setting(env.VITE_HERO_VIDEO_LIGHT_URL, 'https://player.vimeo.com/video/76979871?background=1&autoplay=1&loop=1&muted=1&dnt=1'),
  dark: setting(env.VITE_HERO_VIDEO_DARK_URL, 'https://player.vimeo.com/video/22439234?background=1&autoplay=1&loop=1&muted=1&dnt=1'),
  /** Without a sign of life from the player within this delay, the failure notice shows. */
  timeoutMs: 8000,
} as const;
