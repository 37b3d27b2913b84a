import type { CSSProperties } from 'react';
import { useOnline } from '../hooks/use-online';

// Inline styles, no MUI: the indicator is in the app's main chunk, which needs no style sheet.
const region: CSSProperties = {
  position: 'fixed',
  // Bottom left: clear of the header's links and of the toasts (bottom right).
  bottom: 'calc(env(safe-area-inset-bottom, 0px) + 12px)',
  left: 12,
  zIndex: 1400, // MUI's snackbar layer, as the toasts'
  pointerEvents: 'none',
};

const note: CSSProperties = {
  padding: '2px 10px',
  borderRadius: 40,
  background: '#212121',
  color: '#FFFFFF',
  fontSize: '0.75rem',
  opacity: 0.9,
};

/** A quiet note while the device has no network; the app keeps working from what it saved. */
export function OfflineIndicator() {
  const online = useOnline();
  return (
    <div role="status" style={region}>
      {!online && <div style={note}>Offline · changes are sent when you reconnect</div>}
    </div>
  );
}
