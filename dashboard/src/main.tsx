import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { setUnauthorizedHandler } from './api/client';
import { router } from './app/router';
import { SESSION_KEY } from './app/session';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 5_000 } },
});

// A 401 anywhere (an expired or revoked session): forget everything and go back to the login page.
setUnauthorizedHandler(() => {
  const here = window.location.pathname.replace(/^\/app/, '') + window.location.search;
  if (here.startsWith('/login') || here.startsWith('/signup')) return;
  queryClient.clear();
  queryClient.setQueryData(SESSION_KEY, null);
  void router.navigate(`/login?next=${encodeURIComponent(here)}`, { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
