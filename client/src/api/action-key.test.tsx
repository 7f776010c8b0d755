import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useActionKey } from './action-key';

describe('useActionKey (issue 11 #7)', () => {
  it('keeps one key while the action is the same (a retry), and makes a new one when it changes', () => {
    const { result, rerender } = renderHook(({ text }) => useActionKey(5, text), {
      initialProps: { text: 'Called the patient' },
    });
    const first = result.current;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    rerender({ text: 'Called the patient' });
    expect(result.current).toBe(first);
    rerender({ text: 'Called the patient twice' });
    expect(result.current).not.toBe(first);
  });
});
