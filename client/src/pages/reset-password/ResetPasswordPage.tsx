import { Button, Callout, Card, InputGroup, Intent } from '@blueprintjs/core';
import { formErrors, MSG, resetPasswordForm } from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { describedById, FormField } from '../../form/FormField';

/** decisions.md "Registration and password reset". */
const ASK_ADMIN = "Please ask your organisation's administrator to reset your password.";

/** The reset-password page (000 §2.6, §5): an e-mail field, required and valid, and 'Send Reset Link'. */
export function ResetPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = formErrors(resetPasswordForm, { email }).email;
    setSubmitted(true);
    setError(found);
    setDone(found === undefined);
  };

  return (
    <main className="public-page">
      <Card className="public-card" elevation={2}>
        <h1 className="public-title">{MSG.resetTitle}</h1>
        <form noValidate onSubmit={submit}>
          <FormField id="reset-email" label="Email" error={error}>
            <InputGroup
              id="reset-email"
              value={email}
              inputMode="email"
              autoComplete="email"
              intent={error ? Intent.DANGER : Intent.NONE}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? describedById('reset-email') : undefined}
              onChange={(event) => {
                setEmail(event.target.value);
                if (submitted) setError(formErrors(resetPasswordForm, { email: event.target.value }).email);
              }}
            />
          </FormField>
          {done && (
            <Callout intent={Intent.PRIMARY} icon={null} role="status" className="public-callout">
              {ASK_ADMIN}
            </Callout>
          )}
          <Button type="submit" intent={Intent.PRIMARY} fill text={MSG.sendResetLink} />
        </form>
        <p className="public-footer">
          <Link href="/login">{MSG.signInButton}</Link>
        </p>
      </Card>
    </main>
  );
}
