import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test/render';

describe('ScrollToTop', () => {
  it('scrolls to the top on every navigation', async () => {
    const { navigate } = renderAt('/maintenance');
    expect(await screen.findByRole('heading', { name: 'Under Maintenance' })).toBeTruthy();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    vi.mocked(window.scrollTo).mockClear();

    act(() => navigate('/coming-soon'));

    expect(await screen.findByRole('heading', { name: 'Coming Soon' })).toBeTruthy();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
