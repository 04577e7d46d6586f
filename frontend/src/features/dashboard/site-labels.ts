/** Texts of the client's site pages (signed-in-areas §2–§4, §8). */

export const SITE_TYPE_LABELS: Record<string, string> = { pro: 'Pro (29€)', business: 'Business (59€)', custom: 'Custom' };

export type SiteOrigin = 'dashboard' | 'sites';
