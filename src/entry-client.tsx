import '@vitejs/plugin-react/preamble';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app.tsx';
import { APP_DATA_ID, parseAppData } from './app/app-data.ts';
import { Document, inlineCssOfPage } from './app/document.tsx';
import { NotFoundPage, matchAppRoute } from './app/routes.tsx';
import { siteForPath } from '../contract/site-rules.ts';
import { setCartCodeFiles } from './features/cart/cart-code-ahead.ts';
import { captureInstallPrompt } from './lib/install-prompt.ts';
import { registerServiceWorker } from './lib/service-worker-registration.ts';
import './styles.css';

async function start() {
  captureInstallPrompt();
  const raw = document.getElementById(APP_DATA_ID)?.textContent ?? '{}';
  const data = parseAppData(JSON.parse(raw));
  setCartCodeFiles(data.assets.cartCode);
  // The server rendered this route; load its code before hydrating so nothing suspends.
  await (data.status === 404 ? NotFoundPage : matchAppRoute(location.pathname).route.page).preload();
  if (data.shell) {
    // Offline, the worker answered with the shell: render the page at its real URL from here.
    const container = document.getElementById('app');
    if (container) {
      container.textContent = '';
      createRoot(container).render(
        <BrowserRouter>
          <App data={data} />
        </BrowserRouter>,
      );
    }
    registerServiceWorker();
    return;
  }
  // As a transition, hydration yields to the browser between components instead of holding the
  // main thread in one long task (the page is already painted and readable from the server HTML).
  startTransition(() => {
    hydrateRoot(
      document,
      <Document data={data} site={siteForPath(location.pathname)} inlineCss={inlineCssOfPage()}>
        <BrowserRouter>
          <App data={data} />
        </BrowserRouter>
      </Document>,
    );
  });
  registerServiceWorker();
}

void start();
