/** Texts of the client's site pages (signed-in-areas §2–§4, §8). */

export { sitePlanLabel } from '@vitrine/domain';

export type SiteOrigin = 'dashboard' | 'sites';
