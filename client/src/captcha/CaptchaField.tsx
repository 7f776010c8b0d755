import { callUrl, getCaptcha } from '@rpm/shared';
import type {} from 'altcha/types/react';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { loadAltcha } from './load-altcha';

/** What the sign-in form asks of its captcha. */
export interface CaptchaHandle {
  /** The solved payload; solves the challenge first when it is not solved yet. `null` when solving failed. */
  readonly solve: () => Promise<string | null>;
  /** Drops the current solution, so the next solve fetches a new challenge (000 §2.5: refreshed after a failure). */
  readonly reset: () => void;
}

export interface CaptchaFieldProps {
  /** Called with the payload when solved, `null` when the solution is dropped (reset, expired, error). */
  readonly onToken?: (token: string | null) => void;
  readonly ref?: Ref<CaptchaHandle>;
}

interface StateChange {
  readonly state?: string;
  readonly payload?: string | null;
}

/**
 * The ALTCHA proof-of-work captcha (000 §2.5; decisions.md "Captcha"). The solved payload is the sign-in's
 * `captchaToken`; the element keeps the widget's own markup.
 */
export function CaptchaField({ onToken, ref }: CaptchaFieldProps) {
  const element = useRef<HTMLElementTagNameMap['altcha-widget']>(null);
  const token = useRef<string | null>(null);
  /** The widget's last state, and who waits for a solve that is already running (auto="onfocus"). */
  const widgetState = useRef<string>('unverified');
  const waiting = useRef<((payload: string | null) => void)[]>([]);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const update = (next: string | null) => {
      if (token.current === next) return;
      token.current = next;
      onTokenRef.current?.(next);
    };
    /** The widget's new state: the token follows it, and a solve that ended answers whoever waits for it. */
    const settle = (state: string, payload: string | null) => {
      widgetState.current = state;
      update(payload);
      if (state !== 'verifying') for (const resolve of waiting.current.splice(0)) resolve(payload);
    };
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<StateChange>).detail;
      const payload = detail?.state === 'verified' && detail.payload ? detail.payload : null;
      settle(detail?.state ?? 'unverified', payload);
    };
    const onVerified = (event: Event) => {
      const payload = (event as CustomEvent<StateChange>).detail?.payload;
      if (payload) update(payload);
    };
    // The widget starts its proof of work on a focus in the form (auto="onfocus"), but only on focuses after it
    // mounted: the email field's autofocus, a quick typist or a password manager came earlier, and 'Sign in' then
    // waited for the whole solve. So a widget that mounts with the focus already in its form starts it at once.
    const onLoad = () => {
      if (token.current || widgetState.current !== 'unverified') return;
      if (!el.closest('form')?.contains(document.activeElement)) return;
      widgetState.current = 'verifying';
      // A failure shows in the widget, and 'Sign in' solves again. Settled here too in case no statechange came.
      void el
        .verify()
        .catch(() => null)
        .then((result) => {
          if (widgetState.current !== 'verifying') return;
          const payload = result?.payload ?? null;
          settle(payload ? 'verified' : 'unverified', payload);
        });
    };
    el.addEventListener('statechange', onState);
    el.addEventListener('verified', onVerified);
    el.addEventListener('load', onLoad);
    void loadAltcha();
    return () => {
      el.removeEventListener('statechange', onState);
      el.removeEventListener('verified', onVerified);
      el.removeEventListener('load', onLoad);
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      solve: async () => {
        if (token.current) return token.current;
        await loadAltcha();
        await customElements.whenDefined('altcha-widget');
        const el = element.current;
        if (!el) return null;
        // A solve started by focus is under way: wait for it rather than start a second one.
        if (widgetState.current === 'verifying') {
          return new Promise<string | null>((resolve) => waiting.current.push(resolve));
        }
        try {
          const result = await el.verify();
          return result?.payload ?? null;
        } catch {
          return null; // the widget shows its own error state
        }
      },
      reset: () => {
        token.current = null;
        onTokenRef.current?.(null);
        element.current?.reset?.();
      },
    }),
    [],
  );

  return (
    <div className="signin-captcha">
      {/* onfocus: the proof of work runs while the user types, so 'Sign in' rarely waits for it. */}
      <altcha-widget ref={element} challenge={callUrl(getCaptcha)} name="captchaToken" auto="onfocus" />
    </div>
  );
}
