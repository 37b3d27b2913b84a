// The browser's own install prompt (Chrome, Edge, Samsung Internet) for the add-to-home step.
// `beforeinstallprompt` fires once, soon after the page loads, so it is captured at start-up
// (captureInstallPrompt) and kept until the sign-up step offers it.
import { useSyncExternalStore } from 'react';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  /** The captured prompt, usable once. */
  prompt: BeforeInstallPromptEvent | null;
  installed: boolean;
}

let state: InstallState = { prompt: null, installed: false };
const listeners = new Set<() => void>();
let capturing = false;

function setState(next: Partial<InstallState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** Starts listening for the install prompt. Call once at start-up; later calls do nothing. */
export function captureInstallPrompt(): void {
  if (capturing || typeof window === 'undefined') return;
  capturing = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keeps the browser's own banner away; the sign-up step offers the prompt instead.
    event.preventDefault();
    setState({ prompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => setState({ prompt: null, installed: true }));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True when the page runs as the installed app (from the Home Screen). */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** iPhone, iPad (which reports itself as a Mac with touch) and iPod: Safari has no prompt. */
export function isIos(): boolean {
  if (typeof navigator === 'undefined') return false;
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.userAgent.includes('Mac') && navigator.maxTouchPoints > 1)
  );
}

export function useInstallPrompt() {
  const current = useSyncExternalStore(subscribe, () => state);
  return {
    canInstall: current.prompt !== null,
    installed: current.installed || isStandalone(),
    /** Shows the browser's prompt; answers whether the person accepted. */
    install: async (): Promise<boolean> => {
      const prompt = state.prompt;
      if (!prompt) return false;
      setState({ prompt: null }); // a prompt can be shown only once
      await prompt.prompt();
      const { outcome } = await prompt.userChoice;
      if (outcome === 'accepted') setState({ installed: true });
      return outcome === 'accepted';
    },
  };
}
