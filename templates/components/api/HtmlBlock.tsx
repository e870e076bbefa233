export interface HtmlBlockProps {
  /**
   * HTML from the docsgen pipelines only: sanitised Markdown (`descriptionHtml`) or build-time
   * highlighted code. Never raw text from the API description.
   */
  html?: string;
  className?: string;
}

/** Injects pipeline HTML; renders nothing when there is none. */
export function HtmlBlock({ html, className }: HtmlBlockProps) {
  if (!html) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
