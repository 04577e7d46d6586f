import { AUDIENCE_OPT_IN_HASH, AUDIENCE_OPT_OUT_KEY } from './script';

/** What a browser's request says of its privacy signals: either one means the script sends nothing. */
export interface PrivacySignals {
  dnt: boolean;
  gpc: boolean;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page a site's legal notice links to (docs/audience.md, docs/decisions/0023-audience-opt-out.md): what is
 * measured and what is not, how long it is kept, and the visitor's ways to object. Plain HTML and CSS (no script),
 * light or dark as the visitor's system says, readable at 320 px. With the site's domain, the opt-out link opens the
 * site with the hash its script reads to store the refusal there; the page also says when the browser already sends
 * Do Not Track or Global Privacy Control.
 */
export function optOutPage(domain: string | null, signals: PrivacySignals): string {
  const site = domain ? escape(domain.replace(/^https?:\/\//, '').replace(/\/.*$/, '')) : null;
  const siteName = site ? `le site <strong>${site}</strong>` : 'ce site';
  const signal = signals.gpc ? 'Global Privacy Control' : signals.dnt ? '« Ne pas me pister » (Do Not Track)' : null;
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Mesure d’audience${site ? ` de ${site}` : ''} : vos choix</title>
<style>
:root { color-scheme: light dark; --bg: #f8fafc; --fg: #0f172a; --muted: #475569; --card: #ffffff; --line: #e2e8f0; --accent: #1d4ed8; --ok: #166534; --ok-bg: #dcfce7; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #020617; --fg: #f1f5f9; --muted: #cbd5e1; --card: #0f172a; --line: #1e293b; --accent: #93c5fd; --ok: #bbf7d0; --ok-bg: #14532d; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 42rem; margin: 0 auto; padding: 2rem 1rem 3rem; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0 0 1rem; }
h2 { font-size: 1.15rem; margin: 0 0 .5rem; }
h2.next { margin-top: 1.25rem; }
section { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: 1.25rem; margin-top: 1.25rem; }
p, ul { margin: .5rem 0 0; }
ul { padding-left: 1.25rem; }
.muted { color: var(--muted); font-size: .95rem; }
.signal { background: var(--ok-bg); color: var(--ok); border-radius: .5rem; padding: .75rem 1rem; }
a { color: var(--accent); }
a.button { display: inline-block; margin-top: .75rem; padding: .6rem 1rem; border-radius: .5rem; background: var(--accent); color: var(--card); font-weight: 600; text-decoration: none; }
a.button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>Mesure d’audience${site ? ` de ${site}` : ''}</h1>
<p>${site ? `Le site ${site}` : 'Ce site'} compte ses visites pour son seul éditeur, avec un outil fourni par son hébergeur. Les statistiques sont anonymes : personne ne peut savoir qui vous êtes ni vous suivre d’un site à l’autre ou d’un jour à l’autre.</p>
${signal ? `<p class="signal" role="status">Votre navigateur envoie le signal ${signal} : vos visites ne sont pas mesurées. Vous n’avez rien d’autre à faire.</p>` : ''}
<section aria-labelledby="mesure">
<h2 id="mesure">Ce qui est mesuré</h2>
<ul>
<li>les pages vues et le temps passé sur chacune ;</li>
<li>le site d’où vous venez (son nom seulement) et, s’il y en a, la campagne de l’adresse (<code>utm_source</code>, <code>utm_campaign</code>) ;</li>
<li>le type d’appareil (mobile, tablette, ordinateur), la famille du navigateur (sans sa version) et votre langue.</li>
</ul>
<h2 id="jamais" class="next">Ce qui ne l’est jamais</h2>
<ul>
<li>votre adresse IP (elle sert seulement, le jour même, à calculer une empreinte avec une clé tirée au hasard, détruite le lendemain) ;</li>
<li>aucun cookie ni identifiant n’est déposé dans votre navigateur ;</li>
<li>rien n’est partagé ni croisé avec d’autres données, et il n’y a pas de géolocalisation.</li>
</ul>
<p class="muted">Les données brutes sont supprimées après 48 heures, les statistiques anonymes après 25 mois. Cette mesure est dispensée de consentement (article 82 de la loi Informatique et Libertés, lignes directrices de la CNIL sur les cookies et traceurs).</p>
</section>
<section aria-labelledby="refus">
<h2 id="refus">Vous opposer à la mesure</h2>
<p>Les réglages « Ne pas me pister » (Do Not Track) et Global Privacy Control de votre navigateur sont respectés : activés, aucune de vos visites n’est comptée, sur aucun site.</p>
${
  site
    ? `<p>Vous pouvez aussi refuser la mesure sur ${siteName} seulement : le lien ci-dessous ouvre le site et y enregistre votre refus dans votre navigateur (c’est la seule chose conservée, sur le site lui-même). Il vaut tant que vous n’effacez pas les données de ce site.</p>
<p><a class="button" href="https://${site}/#${AUDIENCE_OPT_OUT_KEY}">Ne plus mesurer mes visites sur ${site}</a></p>
<p class="muted">Vous avez changé d’avis ? <a href="https://${site}/#${AUDIENCE_OPT_IN_HASH}">Accepter de nouveau la mesure sur ${site}</a>.</p>`
    : `<p>Pour refuser la mesure sur un site seulement, suivez le lien de ses mentions légales.</p>`
}
</section>
</main>
</body>
</html>
`;
}
