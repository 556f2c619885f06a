import { LOADING_BAR } from '@guichet/domain';
import { useNavigation } from 'react-router';
import { useLoadedWhenIdle } from './lib/when-idle';
import { BAR_PROPS } from './loading-bar-props';

// Its timeline and animation load after the first paint, or as soon as a navigation starts: the bar shows only
// for a navigation lasting over 200 ms, and is invisible until then (docs/decisions/0052).
const loadMotion = () => import('./loading-bar-motion');

function NavigationBar() {
  const motion = useLoadedWhenIdle(loadMotion, useNavigation().state !== 'idle');
  return motion ? <motion.MovingLoadingBar /> : null;
}

/**
 * The page-loading bar; `failed` when rendered by an error boundary after a navigation that failed: the full red
 * bar at once, which fades out 500 ms later over 400 ms (kit.css, `loading-bar-fade`), with or without JavaScript.
 */
export function LoadingBar({ failed = false }: { failed?: boolean }) {
  if (!failed) return <NavigationBar />;
  return (
    <div
      {...BAR_PROPS}
      data-phase="done"
      data-failed
      style={{
        height: `${LOADING_BAR.heightPx}px`,
        width: '100%',
        background: 'linear-gradient(90deg, #b91c1c, #f87171)',
        animation: `loading-bar-fade ${LOADING_BAR.resetDelayMs}ms ease ${LOADING_BAR.hideDelayMs}ms forwards`,
      }}
    />
  );
}
