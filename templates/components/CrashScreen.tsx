import type { ErrorFallbackProps } from './ErrorBoundary.js';

/** The error's message followed by the message of each `cause`, outermost first (cycles stop). */
export function errorCauseChain(error: unknown): string[] {
  const messages: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current) && messages.length < 10) {
    seen.add(current);
    messages.push(current instanceof Error ? current.message || current.name : String(current));
    current = current instanceof Error ? (current as Error & { cause?: unknown }).cause : undefined;
  }
  return messages;
}

/** 'This page crashed.' with the error message, its cause chain and a try-again button (spec section 8). */
export function CrashScreen({ error, tryAgain }: ErrorFallbackProps) {
  const [message, ...causes] = errorCauseChain(error);
  return (
    <div className="crash-screen" role="alert">
      <h1 className="crash-screen__title">This page crashed.</h1>
      <div className="error-box">
        <p className="error-box__message">{message}</p>
        {causes.length > 0 && (
          <ul className="crash-screen__causes" aria-label="Caused by">
            {causes.map((cause, index) => (
              <li key={index}>Cause: {cause}</li>
            ))}
          </ul>
        )}
      </div>
      <button type="button" className="button" onClick={tryAgain}>
        Try again
      </button>
    </div>
  );
}
