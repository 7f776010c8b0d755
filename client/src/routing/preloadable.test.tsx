import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

function Counter({ label }: { readonly label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {label} {count}
    </button>
  );
}

describe('preloadable (issue 17 goal 2)', () => {
  it('renders at once, without the fallback, once its code is loaded', async () => {
    let loads = 0;
    const Page = preloadable(
      async () => {
        loads += 1;
        return { Counter };
      },
      (m) => m.Counter,
    );
    await Page.preload();
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page label="Ready" />
      </Suspense>,
    );
    expect(screen.getByRole('button').textContent).toBe('Ready 0');
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(loads).toBe(1);
  });

  it('suspends when not loaded yet, and keeps the mounted page (and its state) once loaded', async () => {
    const Page = preloadable(
      async () => ({ Counter }),
      (m) => m.Counter,
    );
    const { rerender } = render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page label="First" />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    const button = await screen.findByRole('button');
    act(() => button.click());
    rerender(
      <Suspense fallback={<p>Loading...</p>}>
        <Page label="Second" />
      </Suspense>,
    );
    expect(screen.getByRole('button').textContent).toBe('Second 1');
  });

  it('forgets a failed load, so the next ask loads again', async () => {
    let attempts = 0;
    const Page = preloadable(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
        return { Counter };
      },
      (m) => m.Counter,
    );
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(attempts).toBe(2);
    render(<Page label="Back" />);
    expect(screen.getByRole('button').textContent).toBe('Back 0');
  });
});
