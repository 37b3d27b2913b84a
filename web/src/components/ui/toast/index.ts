export { Toaster } from './lazy-toaster';
export { toast, useToast, dismissToast, TOAST_LIMIT } from './use-toast';
export type { ToastOptions, ToastVariant, ToastActionOptions } from './use-toast';
