/**
 * Escapes text for HTML (and XML) written as a string: in element content and in double-quoted
 * attribute values. The one escaper for the places that write markup by hand (code blocks, code
 * samples, the sitemap); React and hast-util-to-html escape what they render themselves.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
