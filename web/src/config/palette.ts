// The app's colours and font, shared by MUI's theme (theme.ts) and the page's base style sheet
// (base-styles.ts). Plain constants: the build reads them too.

export const BRAND_GREEN = '#153F33';

// System fonts only: the app must not fetch anything from a CDN.
export const FONT_FAMILY = [
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

export const FOCUS_RING_COLOR = '#2F7D62';

// Colours meet WCAG AA on white and on the light wallpaper (#153F33 on white is 12:1;
// text.secondary #4A5550 is 7.4:1).
export const palette = {
  mode: 'light',
  primary: { main: BRAND_GREEN, light: '#2F6B58', dark: '#0C2A21', contrastText: '#FFFFFF' },
  secondary: { main: '#8A5A1F', contrastText: '#FFFFFF' },
  success: { main: '#1E7B3A', dark: '#145A29', contrastText: '#FFFFFF' },
  error: { main: '#B3261E', dark: '#8C1D18', contrastText: '#FFFFFF' },
  background: { default: '#F4F1EA', paper: '#FFFFFF' },
  text: { primary: '#1B1F1D', secondary: '#4A5550' },
  divider: 'rgba(0, 0, 0, 0.12)',
} as const;
