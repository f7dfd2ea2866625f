import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';

import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ThemeProvider } from '@/components/color-scheme/theme-provider';
import { ToastContainer } from '@/components/toast/toast-container';
import { SessionProvider } from '@/features/auth/components/session-provider';
import { createQueryClient } from '@/lib/query-client';
import { Boot } from './boot';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider>
      <ToastContainer />
      <QueryClientProvider client={queryClient}>
        <Boot>
          <SessionProvider>{children}</SessionProvider>
        </Boot>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
