import { render, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FakeAltcha } from '../test/fake-altcha';
import { CaptchaField, type CaptchaHandle } from './CaptchaField';

/** The field in a form beside an email input, and a button outside the form; one of them is focused as it mounts. */
function renderField(focus: 'email' | 'outside') {
  const handle = createRef<CaptchaHandle>();
  const onToken = vi.fn();
  render(
    <>
      <button type="button" ref={(el) => focusIf(el, focus === 'outside')}>
        Elsewhere
      </button>
      <form>
        <input aria-label="Email" ref={(el) => focusIf(el, focus === 'email')} />
        <CaptchaField ref={handle} onToken={onToken} />
      </form>
    </>,
  );
  return { handle, onToken };
}

/** As autoFocus does: the focus moves when the element is committed, before the widget loads. */
function focusIf(el: HTMLElement | null, yes: boolean) {
  if (el && yes) el.focus();
}

/** Lets the widget's 'load' (a tick after it is connected) and what it starts run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('CaptchaField', () => {
  it('starts the proof of work when the widget loads with the focus already in its form', async () => {
    const { handle, onToken } = renderField('email');
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('captcha-solution'));
    expect(FakeAltcha.verifyCalls).toBe(1);
    // 'Sign in' then finds it solved: no second solve.
    expect(await handle.current?.solve()).toBe('captcha-solution');
    expect(FakeAltcha.verifyCalls).toBe(1);
  });

  it('waits for a focus in the form when the focus is elsewhere', async () => {
    const { handle, onToken } = renderField('outside');
    await settle();
    expect(FakeAltcha.verifyCalls).toBe(0);
    expect(onToken).not.toHaveBeenCalled();
    expect(await handle.current?.solve()).toBe('captcha-solution');
    expect(FakeAltcha.verifyCalls).toBe(1);
  });

  it('solves again on request when the solve it started failed', async () => {
    FakeAltcha.payload = null;
    const { handle } = renderField('email');
    await waitFor(() => expect(FakeAltcha.verifyCalls).toBe(1));
    await settle();
    FakeAltcha.payload = 'second-solution';
    expect(await handle.current?.solve()).toBe('second-solution');
    expect(FakeAltcha.verifyCalls).toBe(2);
  });
});
