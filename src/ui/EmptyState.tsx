import type { ReactNode } from 'react';
import { StumpsPicture } from './StumpsPicture.tsx';

/**
 * An empty list with a cricket touch: the stumps, the screen's own words (the spec's where it has
 * them), a cricket line and what the player can do next (`children`, e.g. a link to play).
 */
export function EmptyState({
  className,
  text,
  line,
  children,
}: {
  className?: string;
  text: string;
  line: string;
  children?: ReactNode;
}) {
  return (
    <div className={className ? `${className} empty-state` : 'empty-state'}>
      <StumpsPicture />
      <p>{text}</p>
      <p className="cricket-line">{line}</p>
      {children}
    </div>
  );
}
