// MUI's theme, for the components still drawn by MUI (dialogs, menus, forms). The page's base
// styles, which MUI's CssBaseline used to insert, are in the HTML (base-styles.ts).
import { createTheme } from '@mui/material/styles';
import { FOCUS_RING_COLOR, FONT_FAMILY, palette } from './palette';

const focusRing = {
  outline: `3px solid ${FOCUS_RING_COLOR}`,
  outlineOffset: 2,
};

// Mobile-first: touch targets are at least 44 px.
export const theme = createTheme({
  palette,
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: FONT_FAMILY,
    h1: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 },
    h2: { fontSize: '1.375rem', fontWeight: 700, lineHeight: 1.25 },
    h3: { fontSize: '1.125rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600, fontSize: '1rem' },
  },
  components: {
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
