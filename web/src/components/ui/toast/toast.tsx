// Radix Toast primitives (headless, accessible: F8 hotkey, swipe, live announcements) styled
// with the MUI theme's tokens.
import * as ToastPrimitive from '@radix-ui/react-toast';
import { keyframes, styled } from '@mui/material/styles';
import type { ToastVariant } from './use-toast';

export const ToastProvider = ToastPrimitive.Provider;

export const ToastViewport = styled(ToastPrimitive.Viewport)(({ theme }) => ({
  position: 'fixed',
  bottom: 0,
  right: 0,
  zIndex: theme.zIndex.snackbar,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1),
  width: '100%',
  maxHeight: '100vh',
  margin: 0,
  padding: theme.spacing(2),
  paddingBottom: `calc(${theme.spacing(2)} + env(safe-area-inset-bottom))`,
  listStyle: 'none',
  outline: 'none',
  [theme.breakpoints.up('md')]: { maxWidth: 390 },
  '&:focus-visible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: -3 },
}));

const slideIn = keyframes({
  from: { transform: 'translateX(calc(100% + 16px))' },
  to: { transform: 'translateX(0)' },
});
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const swipeOut = keyframes({
  from: { transform: 'translateX(var(--radix-toast-swipe-end-x))' },
  to: { transform: 'translateX(calc(100% + 16px))' },
});

export const ToastRoot = styled(ToastPrimitive.Root, {
  shouldForwardProp: (prop) => prop !== 'variant',
})<{ variant: ToastVariant }>(({ theme, variant }) => {
  const colours = {
    default: {
      background: theme.palette.background.paper,
      color: theme.palette.text.primary,
      border: theme.palette.divider,
    },
    destructive: {
      background: theme.palette.error.main,
      color: theme.palette.error.contrastText,
      border: theme.palette.error.dark,
    },
    success: {
      background: theme.palette.success.main,
      color: theme.palette.success.contrastText,
      border: theme.palette.success.dark,
    },
  }[variant];
  return {
    position: 'relative',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: theme.spacing(1.5),
    width: '100%',
    padding: theme.spacing(2),
    paddingRight: theme.spacing(6),
    borderRadius: 12,
    border: `1px solid ${colours.border}`,
    backgroundColor: colours.background,
    color: colours.color,
    boxShadow: theme.shadows[6],
    '&[data-state="open"]': { animation: `${slideIn} 200ms ease-out` },
    '&[data-state="closed"]': { animation: `${fadeOut} 150ms ease-in forwards` },
    '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
    '&[data-swipe="cancel"]': {
      transform: 'translateX(0)',
      transition: 'transform 200ms ease-out',
    },
    '&[data-swipe="end"]': { animation: `${swipeOut} 150ms ease-out forwards` },
    '@media (prefers-reduced-motion: reduce)': { animation: 'none !important' },
  };
});

export const ToastTitle = styled(ToastPrimitive.Title)(({ theme }) => ({
  ...theme.typography.subtitle1,
  fontWeight: 600,
  lineHeight: 1.4,
}));

export const ToastDescription = styled(ToastPrimitive.Description)(({ theme }) => ({
  ...theme.typography.body2,
  opacity: 0.95,
}));

export const ToastAction = styled(ToastPrimitive.Action)(({ theme }) => ({
  ...theme.typography.button,
  flexShrink: 0,
  marginLeft: 'auto',
  minHeight: 44,
  padding: theme.spacing(0, 1.5),
  borderRadius: theme.shape.borderRadius,
  border: '1px solid currentColor',
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  '&:hover': { backgroundColor: 'rgba(0, 0, 0, 0.06)' },
  '&:focus-visible': { outline: '3px solid currentColor', outlineOffset: 2 },
}));

export const ToastClose = styled(ToastPrimitive.Close)(({ theme }) => ({
  position: 'absolute',
  top: theme.spacing(0.5),
  right: theme.spacing(0.5),
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  padding: 0,
  border: 0,
  borderRadius: '50%',
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  opacity: 0.8,
  '&:hover': { opacity: 1, backgroundColor: 'rgba(0, 0, 0, 0.06)' },
  '&:focus-visible': { opacity: 1, outline: '3px solid currentColor', outlineOffset: -3 },
}));
