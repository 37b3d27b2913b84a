import { createTheme } from '@mui/material/styles';

export const BRAND_GREEN = '#153F33';

// System fonts only: the app must not fetch anything from a CDN.
const fontFamily = [
  'system-ui',
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
].join(',');

const focusRing = {
  outline: `3px solid #2F7D62`,
  outlineOffset: 2,
};

// Colours meet WCAG AA on white and on the light wallpaper (#153F33 on white is 12:1;
// text.secondary #4A5550 is 7.4:1).
const palette = {
  mode: 'light',
  primary: { main: BRAND_GREEN, light: '#2F6B58', dark: '#0C2A21', contrastText: '#FFFFFF' },
  secondary: { main: '#8A5A1F', contrastText: '#FFFFFF' },
  success: { main: '#1E7B3A', dark: '#145A29', contrastText: '#FFFFFF' },
  error: { main: '#B3261E', dark: '#8C1D18', contrastText: '#FFFFFF' },
  background: { default: '#F4F1EA', paper: '#FFFFFF' },
  text: { primary: '#1B1F1D', secondary: '#4A5550' },
  divider: 'rgba(0, 0, 0, 0.12)',
} as const;

/**
 * The palette as CSS custom properties, for the components styled by a CSS module (the ones a
 * list repeats, e.g. the home cards): a static style sheet costs nothing as they render, where
 * each MUI component serialises and inserts its styles at run time.
 */
const paletteVariables = {
  '--moments-primary': palette.primary.main,
  '--moments-primary-dark': palette.primary.dark,
  '--moments-secondary': palette.secondary.main,
  '--moments-error': palette.error.main,
  '--moments-on-error': palette.error.contrastText,
  '--moments-paper': palette.background.paper,
  '--moments-background': palette.background.default,
  '--moments-text-primary': palette.text.primary,
  '--moments-text-secondary': palette.text.secondary,
  '--moments-divider': palette.divider,
};

// Mobile-first: touch targets are at least 44 px.
export const theme = createTheme({
  palette,
  shape: { borderRadius: 10 },
  typography: {
    fontFamily,
    h1: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 },
    h2: { fontSize: '1.375rem', fontWeight: 700, lineHeight: 1.25 },
    h3: { fontSize: '1.125rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600, fontSize: '1rem' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':root': paletteVariables,
        'html, body, #root': { minHeight: '100%' },
        // A sideways swipe (the home tabs) must never become the browser's back gesture.
        'html, body': { overscrollBehaviorX: 'none' },
        body: { WebkitTapHighlightColor: 'transparent' },
        ':focus-visible': focusRing,
      },
    },
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { minHeight: 44, borderRadius: 999, paddingInline: 20 } },
    },
    MuiIconButton: {
      styleOverrides: { root: { minWidth: 44, minHeight: 44 } },
    },
    MuiTab: {
      styleOverrides: { root: { minHeight: 48, fontSize: '1rem' } },
    },
    MuiMenuItem: {
      styleOverrides: { root: { minHeight: 44 } },
    },
    MuiOutlinedInput: {
      styleOverrides: { input: { minHeight: 24, fontSize: '1rem' } },
    },
    MuiLink: {
      defaultProps: { underline: 'always' },
    },
    // Spinners show while a page loads, when a phone's main thread is busiest. The growing and
    // shrinking arc is restyled and repainted on the main thread every frame; the rotation
    // alone runs on the compositor.
    MuiCircularProgress: {
      defaultProps: { disableShrink: true },
    },
  },
});
