/**
 * What the page-loading bar is in every phase, whether drawn by the first load (a failed navigation's red bar)
 * or by its motion loaded after idle: a line across the top of the window, over everything, that nothing reads.
 */
export const BAR_PROPS = {
  'aria-hidden': true,
  'data-testid': 'loading-bar',
  className: 'pointer-events-none fixed left-0 top-0 z-[70]',
} as const;

export type LoadingBarPhase = 'idle' | 'running' | 'done' | 'hiding';
