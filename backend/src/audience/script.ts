import type { NextFunction, Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/**
 * The visitor's refusal (docs/decisions/0023): opening a page of the site with this hash (the opt-out page links to
 * it) stores this key in the site's own local storage, and the script then sends nothing from that browser; the
 * other hash takes the refusal back. Nothing else is ever stored.
 */
export const AUDIENCE_OPT_OUT_KEY = 'refus-mesure-audience';
export const AUDIENCE_OPT_IN_HASH = 'accord-mesure-audience';

/**
 * The script a client's site loads (`GET /s.js`, docs/audience.md). No cookie, no storage but a visitor's own refusal
 * (above): it sends a page view (page URL, referrer on the first page only, screen width, language) on load and on
 * each history change of a single-page site, and the time the page was shown on `pagehide` and before each such change. Do Not Track, Global Privacy
 * Control and automated browsers (navigator.webdriver) send nothing. Everything is wrapped: it never throws on the
 * client's page. Its endpoint is read from its own address, so one file serves every site.
 */
export const AUDIENCE_SCRIPT = `(function(){try{var w=window,n=navigator,d=document,l=location,s=d.currentScript,k=s&&s.getAttribute("data-site"),q="${AUDIENCE_OPT_OUT_KEY}";
try{var g=w.localStorage;if(l.hash=="#"+q){g.setItem(q,"1");alert("Vos visites sur ce site ne sont plus mesurées (dans ce navigateur).")}else if(l.hash=="#${AUDIENCE_OPT_IN_HASH}"){g.removeItem(q);alert("Vos visites sur ce site sont de nouveau mesurées.")}if(g.getItem(q))return}catch(x){}
if(!k||n.doNotTrack=="1"||w.doNotTrack=="1"||n.globalPrivacyControl||n.webdriver)return;
var e=s.src.replace(/\\/s\\.js([?#].*)?$/,"/api/a/e"),h=w.history,t=Date.now(),p,f=1;
function b(o){try{o.k=k;o.u=l.href;var j=JSON.stringify(o);if(!(n.sendBeacon&&n.sendBeacon(e,j)))w.fetch&&fetch(e,{method:"POST",body:j,keepalive:!0,credentials:"omit"}).catch(function(){})}catch(x){}}
function v(){try{if(p===l.pathname)return;if(p!==void 0)b({t:"l",d:Date.now()-t});p=l.pathname;t=Date.now();b({t:"p",r:f?d.referrer:"",w:screen.width,l:n.language});f=0}catch(x){}}
if(h&&h.pushState){var o=h.pushState;h.pushState=function(){var r=o.apply(this,arguments);v();return r}}
w.addEventListener("popstate",v);w.addEventListener("pagehide",function(){b({t:"l",d:Date.now()-t})});v()}catch(x){}})();
`;

export const AUDIENCE_SCRIPT_GZIP = gzipSync(AUDIENCE_SCRIPT, { level: 9 });
export const AUDIENCE_SCRIPT_ETAG = `"${createHash('sha256').update(AUDIENCE_SCRIPT).digest('base64url').slice(0, 22)}"`;

/** The no-JavaScript pixel: a transparent 1×1 GIF. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The script's address, at the root of the product (not under /api). */
export const AUDIENCE_SCRIPT_PATH = '/s.js';

/** Express handler of GET /s.js: cached a day, revalidated by its ETag, gzipped when the browser takes it. */
export function serveAudienceScript(req: Request, res: Response, next: NextFunction): void {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || (req.path !== '/' && req.path !== '')) return next();
  res.setHeader('Cache-Control', 'public, max-age=86400, stale-while-revalidate=604800');
  res.setHeader('ETag', AUDIENCE_SCRIPT_ETAG);
  // Loaded by other sites' pages: helmet's same-origin resource policy would block it.
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  res.setHeader('Vary', 'Accept-Encoding');
  if (req.headers['if-none-match'] === AUDIENCE_SCRIPT_ETAG) {
    res.status(304).end();
    return;
  }
  res.type('application/javascript; charset=utf-8');
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    res.setHeader('Content-Encoding', 'gzip');
    res.send(AUDIENCE_SCRIPT_GZIP);
  } else res.send(AUDIENCE_SCRIPT);
}
