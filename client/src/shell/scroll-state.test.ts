import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scrollState, useScrollState } from './scroll-state';

describe('scroll thresholds (000 §2.7, §9)', () => {
  it.each([
    { y: 0, headerDark: false, headerTitle: false, menuFixed: false },
    { y: 30, headerDark: false, headerTitle: false, menuFixed: false },
    { y: 31, headerDark: true, headerTitle: false, menuFixed: false },
    { y: 40, headerDark: true, headerTitle: false, menuFixed: false },
    { y: 41, headerDark: true, headerTitle: true, menuFixed: false },
    { y: 64, headerDark: true, headerTitle: true, menuFixed: false },
    { y: 65, headerDark: true, headerTitle: true, menuFixed: true },
    { y: 2000, headerDark: true, headerTitle: true, menuFixed: true },
  ])('at $y px: dark $headerDark, title $headerTitle, menu fixed $menuFixed', ({ y, ...expected }) => {
    expect(scrollState(y)).toEqual(expected);
  });

  it('follows the window as it scrolls', () => {
    const { result } = renderHook(() => useScrollState());
    expect(result.current.headerDark).toBe(false);
    act(() => {
      window.scrollY = 50;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(result.current).toEqual({ headerDark: true, headerTitle: true, menuFixed: false });
    act(() => {
      window.scrollY = 0;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(result.current.headerDark).toBe(false);
  });

  it('reads a position scrolled while nothing listened once mounted, and tells every listener', () => {
    window.scrollY = 70;
    const first = renderHook(() => useScrollState());
    const second = renderHook(() => useScrollState());
    expect(first.result.current.menuFixed).toBe(true);
    act(() => {
      window.scrollY = 0;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(first.result.current.headerDark).toBe(false);
    expect(second.result.current.headerDark).toBe(false);
    first.unmount();
    second.unmount();
  });

  it('does not read the position while rendering (that lays the page out mid-render)', () => {
    let reads = 0;
    const own = Object.getOwnPropertyDescriptor(window, 'scrollY');
    Object.defineProperty(window, 'scrollY', {
      configurable: true,
      get: () => {
        reads++;
        return 0;
      },
    });
    try {
      const { rerender, unmount } = renderHook(() => useScrollState());
      const afterMount = reads;
      for (let i = 0; i < 5; i++) rerender();
      expect(reads).toBe(afterMount);
      unmount();
    } finally {
      if (own) Object.defineProperty(window, 'scrollY', own);
      else Reflect.deleteProperty(window, 'scrollY');
    }
  });
});
