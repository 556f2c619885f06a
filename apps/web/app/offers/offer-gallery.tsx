import type { Visual } from '@guichet/contracts';
import { useHydrated } from '@guichet/ui/hooks/use-hydrated';
import { useId, useState } from 'react';
import { visualSrc } from '../lib/visual-url';

/**
 * A deal's photos: the one chosen, large, and a row of thumbnails. With JavaScript each thumbnail is a
 * toggle button (aria-pressed) that shows its photo, and the arrow keys move between them; without it each
 * is a link to its picture. One photo: the photo alone.
 */
export function OfferGallery({ visuals, title }: { visuals: readonly Visual[]; title: string }) {
  const [chosen, setChosen] = useState(0);
  const hydrated = useHydrated();
  const statusId = useId();
  const shown = visuals[chosen] ?? visuals[0];
  if (!shown) return null;
  const count = visuals.length;

  function onKeyDown(event: React.KeyboardEvent<HTMLUListElement>) {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let next: number | null = null;
    if (event.key in moves) next = (chosen + (moves[event.key] ?? 0) + count) % count;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = count - 1;
    if (next === null) return;
    event.preventDefault();
    setChosen(next);
    event.currentTarget.querySelectorAll('button')[next]?.focus();
  }

  return (
    <div className="space-y-3">
      <img
        src={visualSrc(shown.url)}
        alt={shown.alt}
        width={shown.width}
        height={shown.height}
        fetchPriority="high"
        className="aspect-[3/2] w-full rounded-2xl bg-slate-100 object-cover"
      />
      {count > 1 ? (
        <>
          <ul
            aria-label={`Photos de « ${title} »`}
            className="flex flex-wrap gap-2"
            onKeyDown={hydrated ? onKeyDown : undefined}
          >
            {visuals.map((visual, index) => {
              const label = `Photo ${index + 1} sur ${count} : ${visual.alt}`;
              const thumbnail = (
                <img
                  src={visualSrc(visual.url)}
                  alt=""
                  width={visual.width}
                  height={visual.height}
                  loading="lazy"
                  className="h-16 w-24 rounded-lg bg-slate-100 object-cover"
                />
              );
              const frame = 'block rounded-lg border-2 p-0.5';
              return (
                <li key={visual.url}>
                  {hydrated ? (
                    <button
                      type="button"
                      aria-pressed={index === chosen}
                      aria-label={label}
                      onClick={() => setChosen(index)}
                      className={`${frame} ${index === chosen ? 'border-brand-700' : 'border-transparent hover:border-slate-400'}`}
                    >
                      {thumbnail}
                    </button>
                  ) : (
                    <a href={visualSrc(visual.url)} aria-label={label} className={`${frame} border-transparent`}>
                      {thumbnail}
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
          <p id={statusId} className="sr-only" aria-live="polite">
            {hydrated ? `Photo ${chosen + 1} sur ${count} affichée` : ''}
          </p>
        </>
      ) : null}
    </div>
  );
}
