import type { ReactNode } from 'react';

/** The back office's styles: in its pages only, never in the shop's stylesheet. */
const ADMIN_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f8fafc}
a{color:#0f5f59}
:focus-visible{outline:3px solid #0f766e;outline-offset:2px}
.admin-skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem}
.admin-skip:focus{left:.5rem}
/* The shell (docs/decisions/0104): a header under 64 px; the menu a sidebar from 960 px, a sheet behind "Menu" below. */
.admin-shell{position:relative;min-height:100vh}
.admin-header{display:flex;gap:1rem;align-items:center;justify-content:space-between;height:56px;padding:0 1.5rem;background:#0f5f59;color:#fff;overflow:hidden}
.admin-header a{color:#fff}
.admin-brand{font-weight:700;text-decoration:none;white-space:nowrap}
.admin-header-who{font-size:.875rem;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.admin-nav ul{list-style:none;margin:0;padding:0}
.admin-nav a{display:flex;align-items:center;min-height:44px;padding:.25rem .75rem;border-radius:6px;border-left:4px solid transparent;text-decoration:none;color:#1f2937}
.admin-nav a:hover{background:#f1f5f9;text-decoration:underline}
.admin-nav a.active{background:#e6f2f1;border-left-color:#0f5f59;color:#0f5f59;font-weight:700}
.admin-nav-foot{border-top:1px solid #d1d5db;margin-top:.75rem;padding-top:.75rem}
.admin-nav-foot button{width:100%;text-align:left;background:#fff;color:#0f5f59;margin-top:.25rem}
.admin-who{margin:0 .75rem .5rem;overflow-wrap:anywhere;font-size:.875rem}
.admin-menu-button{display:none;align-items:center;gap:.5rem;background:#fff;color:#0f5f59;border-color:#fff}
.admin-nav-backdrop,.admin-nav-close{display:none}
.admin-main{max-width:72rem;margin:0 auto;padding:1.5rem;min-width:0}
@media (min-width:960px){
.admin-shell[data-nav]{display:grid;grid-template-columns:15rem minmax(0,1fr);grid-template-rows:56px auto;grid-template-areas:"header header" "nav main"}
.admin-shell[data-nav] .admin-header{grid-area:header}
.admin-nav-host{display:contents}
.admin-nav{grid-area:nav;background:#fff;border-right:1px solid #d1d5db;padding:1rem .75rem}
.admin-shell[data-nav] .admin-main{grid-area:main;width:100%}
}
@media (max-width:959.98px){
.admin-header{padding:0 .75rem}
.admin-shell[data-nav] .admin-header{padding-left:7.25rem}
.admin-header-who{display:none}
.admin-menu-button{display:inline-flex;position:absolute;top:6px;left:.75rem;z-index:2}
.admin-nav{display:none;position:fixed;top:0;left:0;bottom:0;z-index:31;width:min(20rem,85vw);overflow-y:auto;background:#fff;padding:.75rem;box-shadow:0 0 24px rgba(0,0,0,.3)}
.admin-nav-host[data-open] .admin-nav{display:block}
.admin-nav-host[data-open] .admin-nav-backdrop{display:block;position:fixed;inset:0;z-index:30;background:rgba(15,23,42,.5)}
.admin-nav-close{display:block;margin:0 0 .5rem auto;background:#fff;color:#0f5f59}
.admin-main{padding:1rem .75rem}
}
h1{font-size:1.75rem;margin:.5rem 0 1rem}
h2{font-size:1.25rem;margin:1rem 0 .5rem}
.admin-form{display:grid;gap:.75rem;max-width:28rem;margin-bottom:1rem}
.admin-inline{max-width:none;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));align-items:end}
.admin-inline h2{grid-column:1/-1}
label{display:grid;gap:.25rem;font-weight:600}
input,select,button{font:inherit;padding:.5rem .625rem;border:1px solid #6b7280;border-radius:6px;background:#fff;color:inherit;min-height:44px}
textarea{font:inherit;padding:.5rem;border:1px solid #6b7280;border-radius:6px;background:#fff;color:inherit}
/* A field takes its column's width, not its own: a select's longest choice or a file input would widen a form past a phone's screen. */
input,select,textarea{min-width:0}
/* A checkbox or radio button before its words, at its own size; the label is the 44 px target. In a fieldset they flow side by side. */
.admin-check{display:inline-flex;gap:.5rem;align-items:center;min-height:44px;margin-right:1rem;font-weight:400}
.admin-check input{min-height:0;width:1.25rem;height:1.25rem;margin:0;padding:0;flex:none}
button{background:#0f5f59;color:#fff;border-color:#0f5f59;cursor:pointer;font-weight:600}
button:disabled{opacity:.7}
.admin-error{color:#b91c1c;min-height:1.5em;margin:0}
.admin-qr{width:220px;max-width:100%;background:#fff}
.admin-qr svg{display:block;width:100%;height:auto}
.admin-codes{columns:2;font-size:1.1rem}
.admin-break{word-break:break-all}
.admin-table-wrap{overflow-x:auto;background:#fff;border:1px solid #d1d5db;border-radius:8px;margin:1rem 0}
.admin-table{border-collapse:collapse;width:100%}
.admin-table caption{text-align:left;font-weight:700;padding:.75rem}
.admin-table th,.admin-table td{text-align:left;padding:.5rem .75rem;border-top:1px solid #e5e7eb;vertical-align:top}
.admin-table td button{min-height:36px;padding:.25rem .5rem}
/* Lists as cards under 600 px (CardTable, and tables written out with .admin-cards-table and data-label on each cell, a row header too): each cell says its column's name; the label is left out of the cell's accessible name (the column header gives it). */
@media (max-width:599.98px){
.admin-cards-table{border:0;background:none;overflow:visible}
.admin-cards-table table,.admin-cards-table tbody,.admin-cards-table tr,.admin-cards-table td,.admin-cards-table tbody th,.admin-cards-table caption{display:block;width:100%}
.admin-cards-table thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.admin-cards-table caption{padding:0 0 .5rem}
.admin-cards-table tr{background:#fff;border:1px solid #d1d5db;border-radius:8px;margin:0 0 .75rem;padding:.5rem .75rem}
.admin-cards-table td,.admin-cards-table tbody th{border:0;padding:.25rem 0;overflow-wrap:anywhere}
.admin-cards-table [data-label]{position:relative;padding-left:7.25rem;min-height:2rem}
.admin-cards-table [data-label]::before{content:attr(data-label);content:attr(data-label) / "";position:absolute;left:0;top:.3rem;width:6.75rem;font-size:.8125rem;font-weight:700;color:#374151}
}
/* Report tables stay tables on a phone, scrolling in their own region with the first column kept in view (docs/decisions/0109). */
.admin-sticky-first th,.admin-sticky-first td{white-space:nowrap}
.admin-sticky-first th:first-child,.admin-sticky-first td:first-child{position:sticky;left:0;z-index:1;background:#fff;box-shadow:inset -1px 0 0 #d1d5db}
/* The bookings list's search, its filters a disclosure: folded on a phone, open on a wide screen (docs/decisions/0109). */
.desk-find{max-width:none}
.desk-find-search{display:flex;flex-wrap:wrap;gap:.5rem .75rem;align-items:end;max-width:40rem}
.desk-find-search label{flex:1 1 14rem}
.desk-filters{background:#fff;border:1px solid #d1d5db;border-radius:8px;padding:0 .75rem}
.desk-filters summary{cursor:pointer;font-weight:700;color:#0f5f59;padding:.625rem 0;min-height:44px}
.desk-filters[open] summary{border-bottom:1px solid #e5e7eb;margin-bottom:.75rem}
.desk-row-actions{display:flex;flex-wrap:wrap;gap:.5rem}
.admin-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.admin-facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.25rem 1rem;margin:0 0 1rem}
.admin-facts dt{font-weight:600}
.admin-facts dd{margin:0;overflow-wrap:anywhere}
.admin-panel{background:#fff;border:1px solid #d1d5db;border-radius:8px;padding:.25rem 1rem 1rem;margin:1rem 0}
section[aria-labelledby] h2[id]{scroll-margin-top:1rem}
/* A booking's summary and its actions, first on its page (docs/decisions/0104). */
.desk-summary{background:#fff;border:1px solid #d1d5db;border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem}
.desk-summary .admin-badges{margin:0 0 .75rem}
.desk-actions ul{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;margin:0;padding:0}
.desk-actions a{display:inline-flex;align-items:center;min-height:44px;padding:.25rem .875rem;border:1px solid #0f5f59;border-radius:6px;font-weight:600;text-decoration:none;background:#0f5f59;color:#fff}
.desk-actions li+li a{background:#fff;color:#0f5f59}
@media (max-width:599.98px){.admin-facts{grid-template-columns:minmax(0,1fr);gap:0}.admin-facts dd{margin-bottom:.375rem}h1{font-size:1.5rem}}
/* Status badges (badge.tsx): the word says the status, the colour only repeats it; every pair is at least 4.5:1. */
.admin-badge{display:inline-block;padding:0 .5rem;border:1px solid;border-radius:999px;font-size:.8125rem;font-weight:700;line-height:1.5;white-space:nowrap;vertical-align:baseline}
.admin-badge[data-tone=good]{background:#dcfce7;color:#14532d;border-color:#86efac}
.admin-badge[data-tone=wait]{background:#fef3c7;color:#78350f;border-color:#fcd34d}
.admin-badge[data-tone=bad]{background:#fee2e2;color:#7f1d1d;border-color:#fca5a5}
.admin-badge[data-tone=info]{background:#dbeafe;color:#1e3a8a;border-color:#93c5fd}
.admin-badge[data-tone=plain]{background:#f1f5f9;color:#334155;border-color:#cbd5e1}
.admin-badges{display:flex;flex-wrap:wrap;gap:.25rem .375rem;align-items:center}
`;

/** The whole back-office page: not indexed, no manifest, no service worker, nothing of the shop. */
export function AdminDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta name="color-scheme" content="light" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style dangerouslySetInnerHTML={{ __html: ADMIN_CSS }} />
      </head>
      <body>
        <div id="admin">{children}</div>
      </body>
    </html>
  );
}
