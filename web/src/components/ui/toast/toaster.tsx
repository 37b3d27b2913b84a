import {
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastRoot,
  ToastTitle,
  ToastViewport,
} from './toast';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_TOAST_MS, TOAST_SWIPE_THRESHOLD_PX } from '@moments/shared';
import { useToast } from './use-toast';

/** Renders the toast store. Mount once, inside the router (actions may navigate). */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const navigate = useNavigate();
  return (
    <ToastProvider
      duration={DEFAULT_TOAST_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, action, variant = 'default', duration, open }) => (
        <ToastRoot
          key={id}
          open={open}
          duration={duration}
          variant={variant}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
        >
          <div style={{ display: 'grid', gap: 4, flex: '1 1 220px', minWidth: 0 }}>
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action && (
            <ToastAction
              altText={action.altText ?? action.label}
              onClick={() => {
                action.onClick?.();
                if (action.href) void navigate(action.href);
              }}
            >
              {action.label}
            </ToastAction>
          )}
          <ToastClose aria-label="Close">
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z"
              />
            </svg>
          </ToastClose>
        </ToastRoot>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
