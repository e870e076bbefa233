import { useEffect, useState } from 'react';

/** Spinner delay of page-load states (spec section 9). */
export const LOADER_DELAY_MS = 200;

export interface PageLoaderProps {
  /** Set when loading failed: shows the error text and a Retry button. */
  error?: Error | null;
  /** Retry action; reloads the page by default. */
  retry?: () => void;
  delay?: number;
}

/** True once `delay` ms have passed since mount. */
export function usePastDelay(delay: number): boolean {
  const [past, setPast] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return undefined;
    const timer = window.setTimeout(() => setPast(true), delay);
    return () => window.clearTimeout(timer);
  }, [delay]);
  return past;
}

/**
 * The loading and error states of something loaded after the page (spec section 4): nothing for
 * the first 200 ms, then a spinner; on error a red box with the error text and a Retry button.
 */
export function PageLoader({ error, retry, delay = LOADER_DELAY_MS }: PageLoaderProps) {
  const pastDelay = usePastDelay(delay);
  if (error) {
    return (
      <div className="error-box page-loader__error" role="alert">
        <p className="error-box__message">{error.message}</p>
        <button type="button" className="button button--danger" onClick={retry ?? (() => window.location.reload())}>
          Retry
        </button>
      </div>
    );
  }
  if (!pastDelay) return null;
  return (
    <div className="page-loader" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
