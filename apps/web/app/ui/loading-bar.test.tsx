// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLoadingBarPhase } from './loading-bar';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useLoadingBarPhase', () => {
  it('stays hidden for a navigation shorter than the 200 ms throttle', () => {
    const { result, rerender } = renderHook(({ busy }) => useLoadingBarPhase(busy, false), {
      initialProps: { busy: true },
    });
    act(() => vi.advanceTimersByTime(199));
    rerender({ busy: false });
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe('idle');
  });

  it('runs after 200 ms, fills at the end, hides 500 ms later and resets 400 ms after that', () => {
    const { result, rerender } = renderHook(({ busy }) => useLoadingBarPhase(busy, false), {
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

  it('shows the full bar at once after a failed navigation, then hides it', () => {
    const { result } = renderHook(() => useLoadingBarPhase(false, true));
    expect(result.current).toBe('done');
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe('hiding');
    act(() => vi.advanceTimersByTime(400));
    expect(result.current).toBe('idle');
  });
});
