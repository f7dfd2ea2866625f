import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';

import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ThemeProvider } from '@/components/color-scheme/theme-provider';
import { ToastContainer } from '@/components/toast/toast-container';
import { SessionProvider } from '@/features/auth/components/session-provider';
import { createQueryClient } from '@/lib/query-client';
import { type PageData, seedQueries } from '@/prerender/page-data';
import { Boot } from './boot';

interface AppProviderProps {
  children: ReactNode;
  /** What the server rendered the page from, when it did: the app starts from the same. */
  pageData?: PageData;
}

export function AppProvider({ children, pageData }: AppProviderProps) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (pageData) seedQueries(client, pageData);
    return client;
  });
  return (
    <ThemeProvider>
      <ToastContainer />
      <QueryClientProvider client={queryClient}>
        <Boot>
          <SessionProvider renderedFor={pageData?.account}>{children}</SessionProvider>
        </Boot>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
