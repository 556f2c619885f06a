import { useHydrated } from '@guichet/ui/hooks/use-hydrated';
import { Clock } from '@guichet/ui/icons';
import { useEffect, useState } from 'react';
import { formatCountdown, formatHoldEnd } from './payment';

/** Minutes left at which the countdown is announced to screen readers: often enough, never every second. */
const ANNOUNCED_MINUTES = [10, 5, 2, 1];

/**
 * How long the order's places stay held. Without JavaScript (and until hydration) the end time, in words;
 * then « encore 14:32 », each second. The ticking timer is not live (it would talk every second): a polite
 * live region says the time left at a few milestones, and once when it is over.
 */
export function HoldCountdown({ expiresAt, onExpired }: { expiresAt: string; onExpired?: () => void }) {
  const hydrated = useHydrated();
  const end = new Date(expiresAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  const left = end - now;
  const over = hydrated && left <= 0;

  useEffect(() => {
    if (!hydrated) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [hydrated]);

  useEffect(() => {
    if (over) onExpired?.();
  }, [over, onExpired]);

  const minutesLeft = Math.ceil(left / 60_000);
  const milestone = ANNOUNCED_MINUTES.find((minutes) => minutesLeft <= minutes) ?? null;
  const announcement = !hydrated
    ? ''
    : over
      ? 'Le délai de paiement est dépassé.'
      : milestone === null
        ? ''
        : `Vos places sont réservées encore ${milestone === 1 ? 'moins d’une minute' : `${milestone} minutes au plus`}.`;

  return (
    <div className="flex items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <Clock className="size-5 shrink-0" aria-hidden="true" />
      {hydrated ? (
        <p role="timer" aria-live="off" className="font-medium">
          {over ? (
            'Le délai de paiement est dépassé.'
          ) : (
            <>
              Vos places sont réservées encore{' '}
              <span className="font-mono font-bold tabular-nums">{formatCountdown(left)}</span>
            </>
          )}
        </p>
      ) : (
        <p className="font-medium">Vos places sont réservées jusqu’à {formatHoldEnd(expiresAt)}.</p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
