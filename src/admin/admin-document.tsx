import type { ReactNode } from 'react';

/** The back office's styles: in its pages only, never in the shop's stylesheet. */
const ADMIN_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f8fafc}
a{color:#0f5f59}
:focus-visible{outline:3px solid #0f766e;outline-offset:2px}
.admin-skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem}
.admin-skip:focus{left:.5rem}
.admin-header{display:flex;flex-wrap:wrap;gap:.75rem 1.5rem;align-items:center;justify-content:space-between;padding:.75rem 1.5rem;background:#0f5f59;color:#fff}
.admin-header a{color:#fff}
.admin-brand{font-weight:700;text-decoration:none}
.admin-header nav{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center}
.admin-header nav a.active{text-decoration:underline;font-weight:600}
.admin-who{opacity:.95}
.admin-main{max-width:72rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.75rem;margin:.5rem 0 1rem}
h2{font-size:1.25rem;margin:1rem 0 .5rem}
.admin-form{display:grid;gap:.75rem;max-width:28rem;margin-bottom:1rem}
.admin-inline{max-width:none;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));align-items:end}
.admin-inline h2{grid-column:1/-1}
label{display:grid;gap:.25rem;font-weight:600}
input,select,button{font:inherit;padding:.5rem .625rem;border:1px solid #6b7280;border-radius:6px;background:#fff;color:inherit;min-height:44px}
button{background:#0f5f59;color:#fff;border-color:#0f5f59;cursor:pointer;font-weight:600}
button:disabled{opacity:.7}
.admin-header button{background:#fff;color:#0f5f59}
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
