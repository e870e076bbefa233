import { useEffect, useState } from 'react';

export interface AnnouncementBarProps {
  id: string;
  /** Trusted HTML from the site configuration. */
  content: string;
  backgroundColor: string;
  textColor: string;
  isCloseable: boolean;
}

/**
 * The dismissible bar above the navbar. It is server-rendered visible; the inline head script
 * hides it before first paint when it was dismissed (html[data-announcement-dismissed]). The close
 * button works by delegation in the client (before this island hydrates too), which stores the
 * dismissal and fires 'docsgen:announcement-dismissed'.
 */
export function AnnouncementBar({ id, content, backgroundColor, textColor, isCloseable }: AnnouncementBarProps) {
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    const onDismiss = () => setClosed(true);
    window.addEventListener('docsgen:announcement-dismissed', onDismiss);
    return () => window.removeEventListener('docsgen:announcement-dismissed', onDismiss);
  }, []);
  if (closed) return null;
  return (
    <div
      className="announcement-bar"
      role="banner"
      aria-label="Announcement"
      data-announcement-id={id}
      style={{ backgroundColor, color: textColor }}
    >
      <div className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: content }} />
      {isCloseable && (
        <button
          type="button"
          className="announcement-bar__close"
          aria-label="Close"
          title="Close"
          data-announcement-close
        >
          <svg viewBox="0 0 15 15" width="14" height="14" aria-hidden="true">
            <path stroke="currentColor" strokeWidth="2" d="M1 1l13 13M14 1L1 14" />
          </svg>
        </button>
      )}
    </div>
  );
}
