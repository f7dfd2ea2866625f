import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastContainer } from '@/components/toast/toast-container';
import { SessionProvider } from '@/features/auth/components/session-provider';
import { colorSchemeManager } from '@/lib/color-scheme';
import { createQueryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from '@/lib/theme';
import { Boot } from './boot';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <ToastContainer />
      <QueryClientProvider client={queryClient}>
        <Boot>
          <SessionProvider>{children}</SessionProvider>
        </Boot>
      </QueryClientProvider>
    </MantineProvider>
  );
}
