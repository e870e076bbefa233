/** The magnifying glass of the navbar's search button and the search modal's field. */
export function SearchIcon({ size, className }: { size: number; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 20 20" width={size} height={size} aria-hidden="true">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        d="M14.4 14.4 19 19M16 8.5a7.5 7.5 0 1 1-15 0 7.5 7.5 0 0 1 15 0Z"
      />
    </svg>
  );
}
