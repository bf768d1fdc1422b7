import type { ReactNode } from 'react';
import { manifestPath, type Site } from '../../contract/site-rules.ts';
import { APP_DATA_ID, serializeAppData, type AppData } from './app-data.ts';

/** The element holding the inlined stylesheet; the browser hydrates it with its own text. */
export const INLINE_CSS_ID = 'shop-css';

/** The inlined stylesheet as the page holds it (the text to hydrate with), if there is one. */
export function inlineCssOfPage(): string | undefined {
  return document.getElementById(INLINE_CSS_ID)?.textContent ?? undefined;
}

/** The whole HTML document, rendered by React on the server and hydrated as such. */
export function Document({
  data,
  site,
  inlineCss,
  children,
}: {
  data: AppData;
  site: Site;
  inlineCss?: string;
  children: ReactNode;
}) {
  return (
    <html lang={site === 'IN' ? 'en-IN' : 'en-AE'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0f766e" />
        <meta name="color-scheme" content="light" />
        <link rel="manifest" href={manifestPath(site)} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href={`/icons/apple-touch-icon-${site === 'IN' ? 'in' : 'uae'}-180.png`} />
        {inlineCss !== undefined ? <style id={INLINE_CSS_ID} dangerouslySetInnerHTML={{ __html: inlineCss }} /> : null}
        {data.assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
      </head>
      <body>
        <div id="app">{children}</div>
        <script id={APP_DATA_ID} type="application/json" dangerouslySetInnerHTML={{ __html: serializeAppData(data) }} />
      </body>
    </html>
  );
}
