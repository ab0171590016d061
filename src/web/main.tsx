import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// react-router/dom's provider commits navigations asked for with flushSync at once (signing out relies on it)
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { router } from './app/router';
import { TooltipProvider } from './ui/tooltip';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={300}>
        <RouterProvider router={router} />
      </TooltipProvider>
      {/* seed 001 §9: up to 5 toasts visible */}
      {/* top right, below the navigation and the workspace toolbar: the bottom right holds the canvas zoom controls on /enhance */}
      <Toaster theme="dark" position="top-right" offset={{ top: 128, right: 24 }} mobileOffset={{ top: 120, left: 16, right: 16 }} richColors closeButton visibleToasts={5} />
    </QueryClientProvider>
  </StrictMode>,
);
