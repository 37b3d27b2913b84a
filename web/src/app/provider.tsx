import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { theme } from '../config/theme';
import { queryClient } from '../lib/query-client';

// No CssBaseline: the page's base styles are in its HTML (config/base-styles.ts).
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ThemeProvider>
    </AppErrorBoundary>
  );
}
