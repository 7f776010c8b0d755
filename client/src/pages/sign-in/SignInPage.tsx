import { Button, Callout, Card, InputGroup, Intent } from '@blueprintjs/core';
import { type LoginAnswer, signInMachine } from '@rpm/machines';
import {
  type CallResponse,
  formErrors,
  loginWithCaptcha,
  MSG,
  passwordIsOld,
  type StoredUser,
  signInForm,
  startPage,
  tooManyAttempts,
  verifyMfa,
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
import { preloadHubCode } from '../../hub/connect-hub';
import { MFA_TEXT } from '../../mfa/mfa-text';
import { openSignedIn, preloadLikelyStart } from '../../routing/signed-in-code';
import { useSession } from '../../session/SessionProvider';
import { clearRedirectUrl, readRedirectUrl } from '../../session/storage';
import { preloadToaster, showToast } from '../../toaster/toast';

// Only users the server flags need these (001 §4; decisions.md "Multi-factor sign-in"): their code, and Blueprint's
// dialog, load then.
const ChangePasswordDialog = lazy(() =>
  import('../change-password/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);
const MfaEnrolmentDialog = lazy(() =>
  import('../../mfa/MfaEnrolmentDialog').then((m) => ({ default: m.MfaEnrolmentDialog })),
);

/** The wait after a 429 without a usable Retry-After (decisions.md "Sign-in rate limits"). */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The sign-in calls (password, then the code), their answers and failures mapped to the machine's {@link LoginAnswer}. */
async function login(send: () => Promise<CallResponse<typeof loginWithCaptcha>>): Promise<LoginAnswer> {
  try {
    const answer = await send();
    if (answer.status === 1 && answer.user) return { kind: 'signedIn', user: answer.user };
    if (answer.change_password === 1 && answer.user) return { kind: 'changePassword', user: answer.user };
    if (answer.mfa_required === 1 && answer.mfa_token)
      return { kind: 'mfaRequired', mfaToken: answer.mfa_token };
    if (answer.mfa_enrol === 1 && answer.user) return { kind: 'enrolMfa', user: answer.user };
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

/** A refused attempt's text under the form, or 001 §8's 'Can't Connect' when no answer came. */
function FailureAlert({ invalid, offline }: { readonly invalid: string | null; readonly offline: boolean }) {
  if (invalid !== null)
    return (
      <p className="signin-invalid" role="alert">
        {invalid}
      </p>
    );
  if (!offline) return null;
  return (
    <Callout intent={Intent.DANGER} icon={null} role="alert" className="signin-callout">
      {MSG.cantConnect}
    </Callout>
  );
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
        login: fromPromise(({ input }) => login(() => call(loginWithCaptcha, { body: input }))),
        verifyCode: fromPromise(({ input }) =>
          login(() => call(verifyMfa, { body: { mfa_token: input.mfaToken, code: input.code } })),
        ),
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
  const mustEnrol = useSelector(actor, (s) => (s.matches('enrollingMfa') ? s.context.user : null));
  const [opening, setOpening] = useState(false);
  const busy = state === 'solvingCaptcha' || state === 'submitting' || opening;
  const codeStep =
    state === 'mfa' || state === 'mfaInvalid' || state === 'mfaOffline' || state === 'verifyingCode';
  const [code, setCode] = useState('');

  useEffect(() => {
    const signedIn = async (user: StoredUser) => {
      const target = startPage(user, readRedirectUrl());
      clearRedirectUrl();
      setOpening(true);
      // The frame, the start page's screen, the hub and the first calls first, so the page draws with its data.
      await openSignedIn(user, target);
      signIn(user);
      void showToast({ message: MSG.loginSuccessful, intent: Intent.SUCCESS });
      if (passwordIsOld(user.password_age_days))
        void showToast({ message: MSG.passwordOld, intent: Intent.WARNING });
      navigate(target);
    };
    const sub = actor.subscribe((s) => {
      if (s.status === 'done') void signedIn(s.output);
    });
    return () => sub.unsubscribe();
  }, [actor, signIn, navigate]);

  const update = (field: keyof Values, value: string) => {
    // Typing the password loads the signed-in code, the hub's and the toaster's meanwhile.
    if (field === 'password')
      void Promise.all([preloadLikelyStart(), preloadHubCode(), preloadToaster()]).catch(() => {});
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
        {codeStep ? (
          <form
            noValidate
            aria-label={MFA_TEXT.stepTitle}
            onSubmit={(event) => {
              event.preventDefault();
              if (code.trim() !== '') actor.send({ type: 'SUBMIT_CODE', code });
            }}
          >
            <p>{MFA_TEXT.codeHint}</p>
            <FormField id="signin-code" label={MFA_TEXT.codeLabel}>
              <InputGroup
                id="signin-code"
                name="code"
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                autoFocus
                value={code}
                intent={state === 'mfaInvalid' ? Intent.DANGER : Intent.NONE}
                aria-invalid={state === 'mfaInvalid' ? true : undefined}
                onChange={(event) => setCode(event.target.value)}
              />
            </FormField>
            <FailureAlert
              invalid={state === 'mfaInvalid' ? MFA_TEXT.invalidCode : null}
              offline={state === 'mfaOffline'}
            />
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              fill
              size="large"
              text={MFA_TEXT.verify}
              loading={state === 'verifyingCode'}
            />
            <Button
              variant="minimal"
              fill
              text={MFA_TEXT.back}
              disabled={state === 'verifyingCode'}
              onClick={() => {
                setCode('');
                actor.send({ type: 'BACK' });
              }}
            />
          </form>
        ) : (
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
            {state === 'mfaEnrolled' && (
              <Callout intent={Intent.SUCCESS} icon={null} role="status" className="signin-callout">
                {MFA_TEXT.enrolledSignInAgain}
              </Callout>
            )}
            <FailureAlert
              invalid={state === 'invalid' ? MSG.invalidCredentials : null}
              offline={state === 'offline'}
            />
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
        )}
      </Card>
      {mustEnrol && (
        <Suspense fallback={null}>
          <MfaEnrolmentDialog
            auth={{ uid: mustEnrol.user_id, token: mustEnrol.token }}
            onClose={() => actor.send({ type: 'CLOSE_ENROL_MFA' })}
            onDone={() => {
              setValues((v) => ({ ...v, password: '' }));
              actor.send({ type: 'MFA_ENROLLED' });
            }}
          />
        </Suspense>
      )}
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
