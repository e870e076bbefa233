export interface MethodBadgeProps {
  /** HTTP method, any case. */
  method: string;
  size?: 'small' | 'large';
}

/** The HTTP method as a coloured badge (colours in api.css, AA contrast in both modes). */
export function MethodBadge({ method, size = 'small' }: MethodBadgeProps) {
  const lower = method.toLowerCase();
  return <span className={`api-method api-method--${lower} api-method--${size}`}>{method.toUpperCase()}</span>;
}
