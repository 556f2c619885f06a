import { LOADING_BAR } from '@guichet/domain';
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { BAR_PROPS, type LoadingBarPhase } from './loading-bar-props';

/**
 * The bar's timeline (spec section 9): it appears only when a navigation lasts longer than the throttle
 * (200 ms), grows over 2000 ms, fills when the navigation ends, stays 500 ms, then fades and is reset
 * 400 ms later.
 */
export function useLoadingBarPhase(busy: boolean): LoadingBarPhase {
  const [phase, setPhase] = useState<LoadingBarPhase>('idle');

  useEffect(() => {
    if (busy) {
      const show = setTimeout(() => setPhase('running'), LOADING_BAR.throttleMs);
      return () => clearTimeout(show);
    }
    setPhase((current) => (current === 'running' ? 'done' : current));
    return undefined;
  }, [busy]);

  useEffect(() => {
    if (phase === 'done') {
      const hide = setTimeout(() => setPhase('hiding'), LOADING_BAR.hideDelayMs);
      return () => clearTimeout(hide);
    }
    if (phase === 'hiding') {
      const reset = setTimeout(() => setPhase('idle'), LOADING_BAR.resetDelayMs);
      return () => clearTimeout(reset);
    }
    return undefined;
  }, [phase]);

  return phase;
}

/** The navigations' bar, loaded after the first paint (ui/loading-bar.tsx). */
export function MovingLoadingBar() {
  const navigation = useNavigation();
  const phase = useLoadingBarPhase(navigation.state !== 'idle');
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = bar.current;
    if (!element || typeof element.animate !== 'function') return;
    if (phase === 'running') {
      const growth = element.animate([{ width: '0%' }, { width: '90%' }], {
        duration: LOADING_BAR.durationMs,
        easing: 'cubic-bezier(0.1, 0.6, 0.3, 1)',
        fill: 'forwards',
      });
      return () => growth.cancel();
    }
    return undefined;
  }, [phase]);

  return (
    <div
      ref={bar}
      {...BAR_PROPS}
      data-phase={phase}
      style={{
        height: `${LOADING_BAR.heightPx}px`,
        width: phase === 'idle' ? '0%' : phase === 'running' ? '90%' : '100%',
        background: 'linear-gradient(90deg, var(--color-brand-600), var(--color-accent-400))',
        opacity: phase === 'idle' || phase === 'hiding' ? 0 : 1,
        transition:
          phase === 'hiding'
            ? `opacity ${LOADING_BAR.resetDelayMs}ms ease`
            : phase === 'done'
              ? 'width 200ms ease'
              : 'none',
      }}
    />
  );
}
