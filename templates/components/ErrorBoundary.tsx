import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorFallbackProps {
  error: Error;
  /** Clears the error: the boundary renders its children again. */
  tryAgain: () => void;
}

export interface ErrorBoundaryProps {
  fallback: (props: ErrorFallbackProps) => ReactNode;
  children: ReactNode;
  onError?: (error: Error, info: ErrorInfo) => void;
}

/** Normalises anything thrown into an Error, so fallbacks always have a message. */
export function toError(thrown: unknown): Error {
  return thrown instanceof Error
    ? thrown
    : new Error(typeof thrown === 'string' ? thrown : (JSON.stringify(thrown) ?? String(thrown)));
}

/**
 * Catches render errors of its children and shows `fallback` instead; the fallback's tryAgain
 * clears the error. Renders no element of its own, so it hydrates over the server markup as is.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(thrown: unknown): { error: Error } {
    return { error: toError(thrown) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render(): ReactNode {
    const { error } = this.state;
    return error ? this.props.fallback({ error, tryAgain: () => this.setState({ error: null }) }) : this.props.children;
  }
}

/** The route-level fallback: the error message and a 'Try again' button (spec section 8). */
export function RouteErrorFallback({ error, tryAgain }: ErrorFallbackProps) {
  return (
    <div className="error-box route-error" role="alert">
      <p className="error-box__message">{error.message}</p>
      <button type="button" className="button button--danger" onClick={tryAgain}>
        Try again
      </button>
    </div>
  );
}
