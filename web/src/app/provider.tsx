import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { queryClient } from '../lib/query-client';

// No MUI theme here: the parts drawn with MUI bring it with their code
// (components/ui/with-ui-kit-theme.ts). No CssBaseline: the page's base styles are in its HTML
// (config/base-styles.ts).
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AppErrorBoundary>
  );
}
