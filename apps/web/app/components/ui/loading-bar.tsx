import { LOADING_BAR } from '@guichet/domain';
import type { CSSProperties, Ref } from 'react';
import { useNavigation } from 'react-router';
import { useLoadedWhenIdle } from '../../lib/when-idle';

export type LoadingBarPhase = 'idle' | 'running' | 'done' | 'hiding';

const GRADIENT = {
  normal: 'linear-gradient(90deg, var(--color-brand-600), var(--color-accent-400))',
  error: 'linear-gradient(90deg, #b91c1c, #f87171)',
};

/** The bar as drawn in `phase`; `style` says its width, opacity and motion. */
export function LoadingBarView({
  phase,
  failed = false,
  style,
  ref,
}: {
  phase: LoadingBarPhase;
  failed?: boolean;
  style: CSSProperties;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      aria-hidden="true"
      data-testid="loading-bar"
      data-phase={phase}
      data-failed={failed || undefined}
      className="pointer-events-none fixed left-0 top-0 z-[70]"
      style={{
        height: `${LOADING_BAR.heightPx}px`,
        background: failed ? GRADIENT.error : GRADIENT.normal,
        ...style,
      }}
    />
  );
}

// Its timeline and animation load after the first paint, or as soon as a navigation starts: the bar shows only
// for a navigation lasting over 200 ms, and is invisible until then (docs/decisions/0052).
const loadMotion = () => import('./loading-bar-motion');

function NavigationBar() {
  const motion = useLoadedWhenIdle(loadMotion, useNavigation().state !== 'idle');
  return motion ? <motion.MovingLoadingBar /> : null;
}

/**
 * The page-loading bar; `failed` when rendered by an error boundary after a navigation that failed: the full red
 * bar at once, which fades out 500 ms later over 400 ms (app.css, `loading-bar-fade`), with or without JavaScript.
 */
export function LoadingBar({ failed = false }: { failed?: boolean }) {
  if (!failed) return <NavigationBar />;
  return (
    <LoadingBarView
      phase="done"
      failed
      style={{
        width: '100%',
        animation: `loading-bar-fade ${LOADING_BAR.resetDelayMs}ms ease ${LOADING_BAR.hideDelayMs}ms forwards`,
      }}
    />
  );
}
