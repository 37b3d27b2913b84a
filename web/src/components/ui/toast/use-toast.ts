// A small toast store in the style of shadcn/ui's use-toast: callable from anywhere (hooks,
// mutation callbacks), rendered by <Toaster />. One toast is visible at a time.
import { useSyncExternalStore } from 'react';
import { DEFAULT_TOAST_MS, TOAST_LIMIT } from '@moments/shared';

export { TOAST_LIMIT };
/** How long a dismissed toast stays mounted so its exit animation can run. */
const TOAST_REMOVE_DELAY = 1000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastActionOptions {
  label: string;
  onClick?: () => void;
  /** A route inside the app to open when the action is chosen. */
  href?: string;
  /** Describes the action for screen readers when the toast is announced. Defaults to label. */
  altText?: string;
}

export interface ToastOptions {
  title?: string;
  description?: string;
  action?: ToastActionOptions;
  variant?: ToastVariant;
  /** Milliseconds; defaults to 5000. */
  duration?: number;
}

export interface ToasterToast extends ToastOptions {
  id: string;
  open: boolean;
}

interface State {
  toasts: ToasterToast[];
}

type Action =
  | { type: 'ADD'; toast: ToasterToast }
  | { type: 'UPDATE'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS'; id?: string }
  | { type: 'REMOVE'; id?: string };

let count = 0;
function nextId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
}

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string) {
  if (removeTimeouts.has(id)) return;
  removeTimeouts.set(
    id,
    setTimeout(() => {
      removeTimeouts.delete(id);
      dispatch({ type: 'REMOVE', id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS':
      return {
        toasts: state.toasts.map((t) =>
          action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE':
      return {
        toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id),
      };
  }
}

const listeners = new Set<() => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  if (action.type === 'DISMISS') {
    // Side effect kept out of the reducer: unmount after the exit animation.
    for (const t of memoryState.toasts) {
      if (action.id === undefined || t.id === action.id) scheduleRemoval(t.id);
    }
  }
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener();
}

export function toast(options: ToastOptions) {
  const id = nextId();
  dispatch({
    type: 'ADD',
    toast: { duration: DEFAULT_TOAST_MS, variant: 'default', ...options, id, open: true },
  });
  return {
    id,
    dismiss: () => dispatch({ type: 'DISMISS', id }),
    update: (next: ToastOptions) => dispatch({ type: 'UPDATE', toast: { ...next, id } }),
  };
}

export function dismissToast(id?: string) {
  dispatch({ type: 'DISMISS', id });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function snapshot(): State {
  return memoryState;
}

/**
 * The store through useSyncExternalStore: a toast dispatched between a Toaster's render and
 * its subscription (an effect that waits for a whole suspended transition) is not missed.
 */
export function useToast() {
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { ...state, toast, dismiss: dismissToast };
}
