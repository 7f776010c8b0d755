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
});
