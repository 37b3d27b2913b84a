import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Plain message when rendering fails, deliberately free of theme and router dependencies. */
export function MountErrorMessage() {
  return (
    <div
      role="alert"
      style={{
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
        maxWidth: 480,
        margin: '15vh auto',
        padding: 24,
        color: '#1B1F1D',
        lineHeight: 1.5,
      }}
    >
      <h1 style={{ fontSize: '1.5rem', color: '#153F33' }}>Something went wrong</h1>
      <p>
        The app could not start. Please reload the page. If this keeps happening, try again later.
      </p>
      <button
        type="button"
        onClick={() => location.reload()}
        style={{
          minHeight: 44,
          padding: '0 20px',
          borderRadius: 999,
          border: 0,
          background: '#153F33',
          color: '#FFFFFF',
          font: 'inherit',
          fontWeight: 600,
          cursor: 'pointer',
        }}
      >
        Reload
      </button>
    </div>
  );
}

export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render failed:', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <MountErrorMessage /> : this.props.children;
  }
}
