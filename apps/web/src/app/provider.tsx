import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { SessionProvider } from '@/features/auth/components/session-provider';
import { colorSchemeManager } from '@/lib/color-scheme';
import { createQueryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from '@/lib/theme';
import { toastTimeoutMs } from '@/lib/toast';
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
      <Notifications position="top-right" autoClose={toastTimeoutMs} />
      <QueryClientProvider client={queryClient}>
        <Boot>
          <SessionProvider>{children}</SessionProvider>
        </Boot>
      </QueryClientProvider>
    </MantineProvider>
  );
}
