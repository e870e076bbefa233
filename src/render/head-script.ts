import type { SiteProps } from './page-props.js';

/** The announcement bar id older versions of this storage format used by default (misspelt). */
export const MISSPELT_ANNOUNCEMENT_ID = 'annoucement-bar';
export const DEFAULT_ANNOUNCEMENT_ID = 'announcement-bar';

/**
 * A tiny script inlined in <head> that runs before first paint: applies the stored or system
 * colour mode (no flash of the wrong theme), hides a dismissed announcement bar, and shows a
 * banner when the site is served at a path that does not match baseUrl — it must not depend
 * on the client bundle, which is exactly what fails to load in that case.
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
  });
  return `(function(c){var d=document.documentElement,s=null;try{s=window.localStorage}catch(e){}
function g(k){try{return s&&s.getItem(k)}catch(e){return null}}
function p(k,v){try{s&&s.setItem(k,v)}catch(e){}}
if(c.disable){try{s&&s.removeItem('theme')}catch(e){}}
var t=c.disable?null:g('theme');if(t!=='light'&&t!=='dark')t=null;
var sys=c.respect&&window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':c.respect?'light':c.def;
d.setAttribute('data-theme',t||sys);d.setAttribute('data-theme-choice',t||(c.respect?'system':c.def));
if(g('docusaurus.announcement.id')===c.misspelt)p('docusaurus.announcement.id',c.fixed);
if(c.bar&&g('docusaurus.announcement.dismiss')==='true'&&g('docusaurus.announcement.id')===c.bar)d.setAttribute('data-announcement-dismissed','');
var path=location.pathname;if(location.protocol!=='file:'&&path.indexOf(c.base)!==0&&path+'/'!==c.base){document.addEventListener('DOMContentLoaded',function(){var b=document.createElement('div');b.id='base-url-issue-banner';b.setAttribute('role','alert');b.className='base-url-banner';b.textContent='This site did not load properly. A very common reason is a wrong baseUrl configuration: the configured baseUrl is '+c.base+' but the page is served at '+path+'. Try setting baseUrl to the path the site is served under.';document.body.prepend(b)})}
})(${settings})`;
}
