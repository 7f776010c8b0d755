import { GUIDE_STEPS, MSG } from '@rpm/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GuideDialog } from './GuideDialog';
import { GUIDE } from './guide-steps';

const TITLES = [MSG.guideWelcome, MSG.guideDarkLight, MSG.guideThemes, MSG.guideSearch, MSG.guideCode];

/** The title of the step on show (the panel's heading). */
function shownStep(): string {
  return screen.getByRole('heading', { level: 3 }).textContent ?? '';
}

describe('GuideDialog (000 §2.7)', () => {
  it('has the five steps of the spec, in order, each with a sentence', () => {
    expect(GUIDE).toHaveLength(GUIDE_STEPS);
    expect(GUIDE.map((step) => step.title)).toEqual(TITLES);
    for (const step of GUIDE) expect(step.text.length).toBeGreaterThan(20);
  });

  it('walks forward with Next and back with Back, and Done closes it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<GuideDialog isOpen onClose={onClose} />);
    const dialog = screen.getByRole('dialog');

    expect(shownStep()).toBe(MSG.guideWelcome);
    expect(within(dialog).queryByRole('button', { name: MSG.back })).toBeNull();
    for (const title of TITLES.slice(1)) {
      await user.click(within(dialog).getByRole('button', { name: MSG.next }));
      expect(shownStep()).toBe(title);
    }
    // The last step offers Done instead of Next.
    expect(within(dialog).queryByRole('button', { name: MSG.next })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: MSG.back }));
    expect(shownStep()).toBe(MSG.guideSearch);
    await user.click(within(dialog).getByRole('button', { name: MSG.next }));
    expect(shownStep()).toBe(MSG.guideCode);

    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: MSG.done }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
