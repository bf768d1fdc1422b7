import '@vitejs/plugin-react/preamble';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AdminApp } from './admin-app.tsx';
import { matchAdminRoute } from './admin-routes.tsx';

/** The back office in the browser: its own entry and build, nothing of the shop's (docs/decisions/0050). */
async function start() {
  await matchAdminRoute(location.pathname).page.preload();
  const root = document.getElementById('admin');
  if (!root) return;
  hydrateRoot(
    root,
    <BrowserRouter>
      <AdminApp />
    </BrowserRouter>,
  );
  document.documentElement.setAttribute('data-interactive', '');
}

void start();
