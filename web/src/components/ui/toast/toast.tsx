// Radix Toast primitives (headless, accessible: F8 hotkey, swipe, live announcements) styled by
// a CSS module with the theme's palette (--moments-*), so that the toaster needs no UI kit.
import type { ComponentProps } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import styles from './toast.module.css';
import type { ToastVariant } from './use-toast';

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport(props: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return <ToastPrimitive.Viewport {...props} className={styles.viewport} />;
}

export function ToastRoot({
  variant,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant: ToastVariant }) {
  const colours = variant === 'default' ? '' : ` ${styles[variant]}`;
  return <ToastPrimitive.Root {...props} className={`${styles.root}${colours}`} />;
}

export function ToastTitle(props: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title {...props} className={styles.title} />;
}

export function ToastDescription(props: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description {...props} className={styles.description} />;
}

export function ToastAction(props: ComponentProps<typeof ToastPrimitive.Action>) {
  return <ToastPrimitive.Action {...props} className={styles.action} />;
}

export function ToastClose(props: ComponentProps<typeof ToastPrimitive.Close>) {
  return <ToastPrimitive.Close {...props} className={styles.close} />;
}
