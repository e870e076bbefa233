import type { SiteProps } from './page-props.js';

/** The announcement bar id older versions of this storage format used by default (misspelt). */
export const MISSPELT_ANNOUNCEMENT_ID = 'annoucement-bar';
export const DEFAULT_ANNOUNCEMENT_ID = 'announcement-bar';

/** Text of the wrong-baseUrl banner; `{base}`, `{path}` and `{suggestion}` are filled in by the script. */
export const BASE_URL_BANNER_TEXT =
  'This site did not load properly. A very common reason is a wrong baseUrl configuration: the configured baseUrl is {base}, but this page is served at {path}. We suggest trying baseUrl = {suggestion}';

/**
 * A tiny script inlined in <head> that runs before first paint: marks that JavaScript runs
 * (html[data-js]), applies the stored or system colour mode (no flash of the wrong theme),
 * migrates the misspelt announcement id and hides a dismissed announcement bar, and shows a
 * banner when the page is served at a path that does not match baseUrl. That check compares the
 * address with the page's own route (from the #__docsgen settings at the end of the body) once
 * the document is parsed, so it works even when the client bundle fails to load — which is exactly
 * what happens with a wrong baseUrl.
 */
export function buildHeadScript(site: SiteProps): string {
  const settings = JSON.stringify({
    base: site.baseUrl,
    def: site.colorMode.defaultMode,
    respect: site.colorMode.respectPrefersColorScheme,
    disable: site.colorMode.disableSwitch,
    bar: site.announcementBar?.id ?? null,
    misspelt: MISSPELT_ANNOUNCEMENT_ID,
    fixed: DEFAULT_ANNOUNCEMENT_ID,
    text: BASE_URL_BANNER_TEXT,
  }).replace(/</g, '\\u003c');
  return `(function(c){var d=document.documentElement,s=null;d.setAttribute('data-js','');try{s=window.localStorage}catch(e){}
function g(k){try{return s&&s.getItem(k)}catch(e){return null}}
function p(k,v){try{s&&s.setItem(k,v)}catch(e){}}
if(c.disable){try{s&&s.removeItem('theme')}catch(e){}}
var t=c.disable?null:g('theme');if(t!=='light'&&t!=='dark')t=null;
var sys=c.respect&&window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':c.respect?'light':c.def;
d.setAttribute('data-theme',t||sys);d.setAttribute('data-theme-choice',t||(c.respect?'system':c.def));
if(g('docusaurus.announcement.id')===c.misspelt)p('docusaurus.announcement.id',c.fixed);
if(c.bar&&g('docusaurus.announcement.dismiss')==='true'&&g('docusaurus.announcement.id')===c.bar)d.setAttribute('data-announcement-dismissed','');
function n(x){x=x.replace(/\\/index\\.html$/,'').replace(/\\.html$/,'').replace(/\\/+$/,'');return x||'/'}
if(location.protocol!=='file:')document.addEventListener('DOMContentLoaded',function(){var r,o=document.getElementById('__docsgen');try{r=JSON.parse(o.textContent)}catch(e){return}
if(!r||r.kind==='not-found'||typeof r.route!=='string')return;var path=location.pathname,exp=n(c.base.replace(/\\/$/,'')+(r.route==='/'?'':r.route)),act=n(path);if(act===exp||document.getElementById('base-url-issue-banner'))return;
var sug=r.route==='/'?act:act.slice(0,act.length-r.route.length);if(r.route!=='/'&&act.slice(-r.route.length)!==r.route)sug='/';sug=sug.replace(/\\/?$/,'/');
var b=document.createElement('div');b.id='base-url-issue-banner';b.setAttribute('role','alert');b.className='base-url-banner';b.textContent=c.text.replace('{base}',c.base).replace('{path}',path).replace('{suggestion}',sug);document.body.prepend(b)})
})(${settings})`;
}
