import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { anchorHistoryAtRoot } from './app/history.ts';
import { Providers } from './app/Providers.tsx';
import { showProgress } from './app/progress.ts';
import { createAppRouter } from './app/router.tsx';
import { initI18n } from './i18n/i18n.ts';
import './app/global.css';

showProgress(true);
anchorHistoryAtRoot();
await initI18n();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
