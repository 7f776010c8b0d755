import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualResizeObserver } from '../test/manual-resize-observer';
import { useHeaderHeightProperty } from './header-height';

function Header({ height }: { readonly height: number }) {
  const ref = useRef<HTMLElement>(null);
  useHeaderHeightProperty(ref);
  return (
    <header
      ref={(el) => {
        ref.current = el;
        if (el) el.getBoundingClientRect = () => ({ height }) as DOMRect;
      }}
    />
  );
}

const root = () => document.documentElement.style;

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', ManualResizeObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
  root().removeProperty('--shell-header-height');
});

describe('useHeaderHeightProperty', () => {
  it("puts a wrapped header's height on the root, and takes it away with the shell", () => {
    const { unmount } = render(<Header height={103.6} />);
    ManualResizeObserver.last?.report();
    expect(root().getPropertyValue('--shell-header-height')).toBe('104px');
    unmount();
    expect(root().getPropertyValue('--shell-header-height')).toBe('');
  });

  it('writes nothing when the height in force is already the header’s (no restyle of the page)', () => {
    root().setProperty('--shell-header-height', '56px');
    const set = vi.spyOn(root(), 'setProperty');
    render(<Header height={56} />);
    ManualResizeObserver.last?.report();
    expect(set).not.toHaveBeenCalled();
    set.mockRestore();
  });
});
