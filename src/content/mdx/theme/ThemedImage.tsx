import type { ImgHTMLAttributes } from 'react';

export interface ThemedImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  sources: { light: string; dark: string };
}

/**
 * `@theme/ThemedImage`: both images are in the page and the stylesheet shows the one of the colour
 * mode (`[data-theme]` on <html>), so it is right before any script runs and with JavaScript off.
 */
export default function ThemedImage({ sources, className, alt, ...props }: ThemedImageProps) {
  return (
    <>
      {(['light', 'dark'] as const).map((mode) => (
        <img
          key={mode}
          {...props}
          src={sources[mode]}
          alt={alt}
          className={`themed-image themed-image--${mode}${className ? ` ${className}` : ''}`}
        />
      ))}
    </>
  );
}
