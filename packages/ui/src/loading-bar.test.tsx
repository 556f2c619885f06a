// @vitest-environment jsdom
import { act, cleanup, render, renderHook } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingBar } from './loading-bar';
import { useLoadingBarPhase } from './loading-bar-motion';

describe('useLoadingBarPhase', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays hidden for a navigation shorter than the 200 ms throttle', () => {
    const { result, rerender } = renderHook(({ busy }) => useLoadingBarPhase(busy), {
      initialProps: { busy: true },
    });
    act(() => vi.advanceTimersByTime(199));
    rerender({ busy: false });
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe('idle');
  });

  it('runs after 200 ms, fills at the end, hides 500 ms later and resets 400 ms after that', () => {
    const { result, rerender } = renderHook(({ busy }) => useLoadingBarPhase(busy), {
      initialProps: { busy: true },
    });
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe('running');
    rerender({ busy: false });
    expect(result.current).toBe('done');
    act(() => vi.advanceTimersByTime(499));
    expect(result.current).toBe('done');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('hiding');
    act(() => vi.advanceTimersByTime(399));
    expect(result.current).toBe('hiding');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('idle');
  });
});

describe('LoadingBar', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('after a failed navigation, is the full red bar at once, fading out 500 ms later over 400 ms', () => {
    const { getByTestId } = render(<LoadingBar failed />);
    const bar = getByTestId('loading-bar');
    expect(bar.dataset.failed).toBe('true');
    expect(bar.style.width).toBe('100%');
    expect(bar.style.opacity).toBe('');
    expect(bar.getAttribute('style')).toContain('rgb(185, 28, 28)');
    expect(bar.style.animation).toBe('loading-bar-fade 400ms ease 500ms forwards');
  });

  /** A page with the bar, whose `/suite` loads until `finish()`; the browser idle at once, or never. */
  function renderPage(idle: 'at once' | 'never') {
    vi.stubGlobal('requestIdleCallback', (work: () => void) => (idle === 'at once' ? setTimeout(work, 0) : 0));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
    const loading = { finish: () => {} };
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <LoadingBar />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: null },
          {
            path: 'suite',
            loader: () => new Promise<null>((resolve) => (loading.finish = () => resolve(null))),
            element: null,
          },
        ],
      },
    ]);
    return { router, loading, ...render(<RouterProvider router={router} />) };
  }

  it('draws nothing before its code has loaded, then the invisible idle bar once the browser is idle', async () => {
    const { container, findByTestId } = renderPage('at once');
    expect(container.innerHTML).toBe('');
    const bar = await findByTestId('loading-bar');
    expect(bar.dataset.phase).toBe('idle');
    expect(bar.style.opacity).toBe('0');
  });

  it('loads at once when a navigation starts before the browser is idle, and runs for one over 200 ms', async () => {
    const { container, router, loading, findByTestId } = renderPage('never');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container.innerHTML).toBe('');
    void router.navigate('/suite');
    const bar = await findByTestId('loading-bar');
    await vi.waitFor(() => expect(bar.dataset.phase).toBe('running'), { timeout: 1000 });
    expect(bar.style.opacity).toBe('1');
    await act(async () => loading.finish());
    await vi.waitFor(() => expect(bar.dataset.phase).toBe('done'));
    expect(bar.style.width).toBe('100%');
  });
});
