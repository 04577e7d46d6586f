/**
 * How the views group where visitors came from (docs/audience.md). A page view tagged `utm_source` is a campaign's
 * (rolled up under the `campaign` dimension); any other is a `source`: `(direct)` without a referrer, else the
 * referrer's host, classed here as a search engine, a social network or another site.
 *
 * The tables are short on purpose: the engines and networks French visitors use. A host is known when it is one of
 * the names below or a subdomain of one (`m.facebook.com`, `l.instagram.com`); the search engines' brands match any
 * country domain (`google.fr`, `google.co.uk`, `bing.com`). Anything else is "another site": a missing entry only
 * moves a few visits from one group to that one.
 */

export const SOURCE_GROUPS = ['search', 'social', 'direct', 'website', 'campaign'] as const;
export type SourceGroup = (typeof SOURCE_GROUPS)[number];

/** The value a page view without a referrer (nor a campaign) is rolled up under. */
export const DIRECT_SOURCE = '(direct)';

/** Search engines, by brand: `brand.tld` or `brand.co.tld`, and their subdomains (`www.`, `search.`, `html.`…). */
const SEARCH_BRANDS = ['google', 'bing', 'yahoo', 'duckduckgo', 'qwant', 'ecosia', 'yandex', 'baidu', 'startpage', 'lilo', 'ask', 'naver'];
/** Search engines whose host is not their brand's domain. */
const SEARCH_HOSTS = ['search.brave.com', 'search.lilo.org', 'presearch.com', 'kagi.com', 'perplexity.ai', 'chatgpt.com'];
/** Social networks and messaging apps, with their link shorteners. */
const SOCIAL_HOSTS = [
  'facebook.com',
  'fb.com',
  'fb.me',
  'messenger.com',
  'instagram.com',
  'threads.net',
  'twitter.com',
  'x.com',
  't.co',
  'linkedin.com',
  'lnkd.in',
  'pinterest.com',
  'pinterest.fr',
  'pin.it',
  'youtube.com',
  'youtu.be',
  'tiktok.com',
  'snapchat.com',
  'reddit.com',
  'whatsapp.com',
  'telegram.org',
  't.me',
  'bsky.app',
  'mastodon.social',
  'tumblr.com',
  'vk.com',
];

const searchBrand = new RegExp(`(^|\\.)(${SEARCH_BRANDS.join('|')})\\.(co\\.|com\\.)?[a-z]{2,3}$`);
const within = (host: string, names: string[]) => names.some((name) => host === name || host.endsWith(`.${name}`));

/** The group of a `source` value (a referrer's host, or `(direct)`). */
export function sourceGroup(value: string): Exclude<SourceGroup, 'campaign'> {
  if (value === DIRECT_SOURCE) return 'direct';
  const host = value.toLowerCase();
  if (searchBrand.test(host) || within(host, SEARCH_HOSTS)) return 'search';
  if (within(host, SOCIAL_HOSTS)) return 'social';
  return 'website';
}
