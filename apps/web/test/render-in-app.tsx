import '@mantine/core/styles.css';

import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { render } from 'vitest-browser-react';
import { createQueryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from '@/lib/theme';

/** Renders a component inside the app's theme and a query client of its own, as the app does. */
export function renderInApp(ui: ReactNode, queryClient: QueryClient = createQueryClient()) {
  return render(ui, {
    wrapper: ({ children }) => (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    ),
  });
}
