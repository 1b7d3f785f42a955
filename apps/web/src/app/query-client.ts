// The app's one query cache: created before the first render, so a query the opened route needs
// (the session, main.tsx via preloadCurrentRoute) can start while the page's code still loads.
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
});
