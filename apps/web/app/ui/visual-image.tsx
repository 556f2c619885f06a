import type { Visual } from '@guichet/contracts';
import { visualSrc } from '../lib/visual-url';

/**
 * A visual of the catalogue (poster, photo, logo) with its intrinsic size, so the page does not jump while
 * it loads; lazy unless `eager` (above the fold). `priority`: the page's largest image above the fold (the
 * first card of a list), never lazy and fetched first. Asked for under its versioned, long-cached name
 * (`visualSrc`). Nothing when there is no visual.
 */
export function VisualImage({
  visual,
  described = false,
  className,
  eager = false,
  priority = false,
}: {
  visual: Visual | null | undefined;
  /** Read out with the visual's own description; by default decorative (next to its own title). */
  described?: boolean;
  className: string;
  eager?: boolean;
  priority?: boolean;
}) {
  if (!visual) return null;
  return (
    <img
      src={visualSrc(visual.url)}
      alt={described ? visual.alt : ''}
      width={visual.width}
      height={visual.height}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
}
