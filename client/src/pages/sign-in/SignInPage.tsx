import { Button, Callout, Card, InputGroup, Intent } from '@blueprintjs/core';
import {
  formErrors,
  loginWithCaptcha,
  MSG,
  passwordIsOld,
  type StoredUser,
  signInForm,
  startPage,
  tooManyAttempts,
} from '@rpm/shared';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../api/api-error';
import { call } from '../../api/call';
import { CaptchaField, type CaptchaHandle } from '../../captcha/CaptchaField';
import { useApi } from '../../errors/ErrorDialogProvider';
import { describedById, FormField } from '../../form/FormField';
import { useSession } from '../../session/SessionProvider';
import { clearRedirectUrl, readRedirectUrl } from '../../session/storage';
import { showToast } from '../../toaster/toast';
import { PasswordInput } from './PasswordInput';
import { useLockout } from './use-lockout';

// Only users the server flags need it (001 §4): its code, and Blueprint's dialog, load then.
const ChangePasswordDialog = lazy(() =>
  import('../change-password/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

type Values = { readonly username: string; readonly password: string };
type Failure = 'invalid' | 'offline' | null;

/**
 * The sign-in page (000 §2.5, §4.3, §5; 001 §4): e-mail and password, a proof-of-work captcha, 'Sign in'.
 * Success stores the session and goes to the start page; a change_password answer opens the change-password
 * dialog; a failure shows '*Invalid Username or Password' and refreshes the captcha; a 429 locks the form for the
 * server's Retry-After.
 */
export function SignInPage() {
  const { signIn } = useSession();
  const { showError } = useApi();
  const [, navigate] = useLocation();
  const captcha = useRef<CaptchaHandle>(null);
  const lockout = useLockout();
  const [values, setValues] = useState<Values>({ username: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const [mustChange, setMustChange] = useState<StoredUser | null>(null);

  const update = (field: keyof Values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Messages appear on submit (000 §5); after that they follow the typing.
    if (submitted) setErrors(formErrors(signInForm, next));
  };

  const signedIn = (user: StoredUser) => {
    const target = startPage(user, readRedirectUrl());
    clearRedirectUrl();
    signIn(user);
    void showToast({ message: MSG.loginSuccessful, intent: Intent.SUCCESS });
    if (passwordIsOld(user.password_age_days))
      void showToast({ message: MSG.passwordOld, intent: Intent.WARNING });
    navigate(target);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || lockout.retryAfter !== null) return;
    const found = formErrors(signInForm, values);
    setSubmitted(true);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      // An unsolved captcha is solved now; when that fails the widget shows why.
      const captchaToken = (await captcha.current?.solve()) ?? null;
      if (captchaToken === null) return;
      const answer = await call(loginWithCaptcha, {
        body: { username: values.username.toLowerCase(), password: values.password, captchaToken },
      });
      if (answer.status === 1 && answer.user) {
        signedIn(answer.user);
        return;
      }
      // A captcha solution is good for one attempt: fetch a new challenge for the next (000 §2.5).
      captcha.current?.reset();
      if (answer.change_password === 1 && answer.user) setMustChange(answer.user);
      else setFailure('invalid');
    } catch (error) {
      captcha.current?.reset();
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 429) lockout.lock(error.retryAfter);
      else if (error.status === 0) setFailure('offline');
      else showError(error);
    } finally {
      setBusy(false);
    }
  };

  const passwordChanged = () => {
    setMustChange(null);
    setValues((v) => ({ ...v, password: '' }));
    void showToast({ message: MSG.passwordUpdated, intent: Intent.SUCCESS });
  };

  return (
    <main className="public-page">
      <Card className="public-card" elevation={2}>
        <h1 className="public-title">{MSG.signInTitle}</h1>
        <p className="public-subtitle">{MSG.signInSubtitle}</p>
        <form noValidate onSubmit={submit} aria-label={MSG.signInTitle}>
          <FormField id="signin-username" label="Email" error={errors.username}>
            <InputGroup
              id="signin-username"
              name="username"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={values.username}
              intent={errors.username ? Intent.DANGER : Intent.NONE}
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={errors.username ? describedById('signin-username') : undefined}
              onChange={(event) => update('username', event.target.value)}
            />
          </FormField>
          <FormField id="signin-password" label="Password" error={errors.password}>
            <PasswordInput
              id="signin-password"
              value={values.password}
              autoComplete="current-password"
              invalid={errors.password !== undefined}
              describedBy={errors.password ? describedById('signin-password') : undefined}
              onChange={(value) => update('password', value)}
            />
          </FormField>
          <CaptchaField ref={captcha} />
          {failure === 'invalid' && (
            <p className="signin-invalid" role="alert">
              {MSG.invalidCredentials}
            </p>
          )}
          {failure === 'offline' && (
            <Callout intent={Intent.DANGER} icon={null} role="alert" className="signin-callout">
              {MSG.cantConnect}
            </Callout>
          )}
          {lockout.retryAfter !== null && (
            <Callout intent={Intent.WARNING} icon={null} role="alert" className="signin-callout">
              {tooManyAttempts(lockout.retryAfter)}
            </Callout>
          )}
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            fill
            size="large"
            text={MSG.signInButton}
            loading={busy}
            disabled={lockout.retryAfter !== null}
          />
        </form>
      </Card>
      {mustChange && (
        <Suspense fallback={null}>
          <ChangePasswordDialog
            user={mustChange}
            onClose={() => setMustChange(null)}
            onChanged={passwordChanged}
          />
        </Suspense>
      )}
    </main>
  );
}
