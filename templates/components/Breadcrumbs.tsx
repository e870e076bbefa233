export interface BreadcrumbsProps {
  trail: string[];
  title: string;
  baseUrl: string;
}

export function Breadcrumbs({ trail, title, baseUrl }: BreadcrumbsProps) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <a href={baseUrl} aria-label="Home page">
            Home
          </a>
        </li>
        {trail.map((label) => (
          <li key={label}>
            <span>{label}</span>
          </li>
        ))}
        <li aria-current="page">
          <span>{title}</span>
        </li>
      </ol>
    </nav>
  );
}
