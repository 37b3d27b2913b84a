// The app's MUI theme around a component drawn with MUI. Loaded with that component's code
// (with-ui-kit-theme.ts), so that screens drawn without the UI kit (sign-in, /home, a moment's
// page) neither download nor evaluate MUI's theme and styling engine.
import type { ComponentProps, ComponentType } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../config/theme';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own `lazy` signature
export function themed<T extends ComponentType<any>>(Component: T): T {
  function Themed(props: ComponentProps<T>) {
    return (
      <ThemeProvider theme={theme}>
        <Component {...props} />
      </ThemeProvider>
    );
  }
  Themed.displayName = `Themed(${Component.displayName ?? Component.name})`;
  return Themed as T;
}
