import { Button, Callout, Card, InputGroup, Intent } from '@blueprintjs/core';
import { type Credentials, type LoginAnswer, signInMachine } from '@rpm/machines';
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
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { ApiError } from '../../api/api-error';
import { call } from '../../api/call';
import { CaptchaField, type CaptchaHandle } from '../../captcha/CaptchaField';
import { useApi } from '../../errors/ErrorDialogProvider';
import { describedById, FormField } from '../../form/FormField';
import { PasswordField } from '../../form/PasswordField';
import { useSession } from '../../session/SessionProvider';
import { clearRedirectUrl, readRedirectUrl } from '../../session/storage';
import { showToast } from '../../toaster/toast';

// Only users the server flags need it (001 §4): its code, and Blueprint's dialog, load then.
const ChangePasswordDialog = lazy(() =>
  import('../change-password/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

/** 000 §8 is silent on a 429 without a usable Retry-After; we wait one minute. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The sign-in call, its answers and failures mapped to the machine's {@link LoginAnswer}. */
async function login(input: Credentials & { captchaToken: string }): Promise<LoginAnswer> {
  try {
    const answer = await call(loginWithCaptcha, { body: input });
    if (answer.status === 1 && answer.user) return { kind: 'signedIn', user: answer.user };
    if (answer.change_password === 1 && answer.user) return { kind: 'changePassword', user: answer.user };
    return { kind: 'invalid' };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 429) {
      const wait = error.retryAfter;
      return {
        kind: 'tooMany',
        retryAfterSeconds: wait && Number.isFinite(wait) ? wait : DEFAULT_RETRY_AFTER_SECONDS,
      };
    }
    if (error.status === 0) return { kind: 'offline' };
    return { kind: 'failed', status: error.status, message: error.message };
  }
}

type Values = { readonly username: string; readonly password: string };

/**
 * The sign-in page (000 §2.5, §4.3, §5; 001 §4): e-mail and password, a proof-of-work captcha, 'Sign in'.
 * The flow is the shared sign-in machine: success stores the session and goes to the start page; a change_password
 * answer opens the change-password dialog; a failure shows '*Invalid Username or Password' and refreshes the
 * captcha; a 429 locks the form for the server's Retry-After.
 */
export function SignInPage() {
  const { signIn } = useSession();
  const { showError } = useApi();
  const [, navigate] = useLocation();
  const captcha = useRef<CaptchaHandle>(null);
  const [values, setValues] = useState<Values>({ username: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);

  const actor = useActorRef(
    signInMachine.provide({
      actors: {
        solveCaptcha: fromPromise(async () => (await captcha.current?.solve()) ?? null),
        login: fromPromise(({ input }) => login(input)),
      },
      actions: {
        resetCaptcha: () => captcha.current?.reset(),
        reportFailure: (_, failure) => showError(new ApiError(failure.status, failure.message)),
      },
    }),
  );
  const state = useSelector(actor, (s) => s.value);
  const retryAfter = useSelector(actor, (s) => s.context.retryAfterSeconds);
  const mustChange = useSelector(actor, (s) => (s.matches('changingPassword') ? s.context.user : null));
  const busy = state === 'solvingCaptcha' || state === 'submitting';

  useEffect(() => {
    const signedIn = (user: StoredUser) => {
      const target = startPage(user, readRedirectUrl());
      clearRedirectUrl();
      signIn(user);
      void showToast({ message: MSG.loginSuccessful, intent: Intent.SUCCESS });
      if (passwordIsOld(user.password_age_days))
        void showToast({ message: MSG.passwordOld, intent: Intent.WARNING });
      navigate(target);
    };
    const sub = actor.subscribe((s) => {
      if (s.status === 'done') signedIn(s.output);
    });
    return () => sub.unsubscribe();
  }, [actor, signIn, navigate]);

  const update = (field: keyof Values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Messages appear on submit (000 §5); after that they follow the typing.
    if (submitted) setErrors(formErrors(signInForm, next));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = formErrors(signInForm, values);
    setSubmitted(true);
    setErrors(found);
    if (Object.keys(found).length === 0) actor.send({ type: 'SUBMIT', credentials: values });
  };

  const passwordChanged = () => {
    actor.send({ type: 'PASSWORD_CHANGED' });
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
          <PasswordField
            id="signin-password"
            label="Password"
            error={errors.password}
            value={values.password}
            autoComplete="current-password"
            onChange={(value) => update('password', value)}
          />
          <CaptchaField ref={captcha} />
          {state === 'invalid' && (
            <p className="signin-invalid" role="alert">
              {MSG.invalidCredentials}
            </p>
          )}
          {state === 'offline' && (
            <Callout intent={Intent.DANGER} icon={null} role="alert" className="signin-callout">
              {MSG.cantConnect}
            </Callout>
          )}
          {state === 'tooManyAttempts' && (
            <Callout intent={Intent.WARNING} icon={null} role="alert" className="signin-callout">
              {tooManyAttempts(retryAfter)}
            </Callout>
          )}
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            fill
            size="large"
            text={MSG.signInButton}
            loading={busy}
            disabled={state === 'tooManyAttempts'}
          />
        </form>
      </Card>
      {mustChange && (
        <Suspense fallback={null}>
          <ChangePasswordDialog
            user={mustChange}
            onClose={() => actor.send({ type: 'CLOSE_CHANGE_PASSWORD' })}
            onChanged={passwordChanged}
          />
        </Suspense>
      )}
    </main>
  );
}
