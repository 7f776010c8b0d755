import { Button, Callout, Card, Checkbox, InputGroup, Intent, Tab, Tabs } from '@blueprintjs/core';
import { formErrors, MSG, registrationForm } from '@rpm/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { describedById, FormField } from '../../form/FormField';
import { PasswordField } from '../../form/PasswordField';

interface Values {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly passwordConfirm: string;
  readonly terms: boolean;
}

const EMPTY: Values = { name: '', email: '', password: '', passwordConfirm: '', terms: false };

/** decisions.md "Registration and password reset". */
const ASK_ADMIN = "Accounts are created by your organisation's administrator. Please ask them to add you.";

/** The terms checkbox's text (decisions.md "Texts the spec does not quote"). */
const TERMS_LABEL = 'I agree to the Terms and Conditions';

/** The three social buttons, placeholders in 000 §2.6 (decisions.md "Texts the spec does not quote"). */
const SOCIAL = ['Google', 'Facebook', 'Twitter'] as const;

function EmailForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState(false);

  const update = <K extends keyof Values>(field: K, value: Values[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(formErrors(registrationForm, next));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = formErrors(registrationForm, values);
    setSubmitted(true);
    setErrors(found);
    setDone(Object.keys(found).length === 0);
  };

  const text = (id: string, field: 'name' | 'email', label: string, autoComplete: string) => (
    <FormField id={id} label={label} error={errors[field]}>
      <InputGroup
        id={id}
        value={values[field]}
        autoComplete={autoComplete}
        intent={errors[field] ? Intent.DANGER : Intent.NONE}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? describedById(id) : undefined}
        onChange={(event) => update(field, event.target.value)}
      />
    </FormField>
  );

  return (
    <form noValidate onSubmit={submit}>
      {text('reg-name', 'name', MSG.registerUsernameLabel, 'name')}
      {text('reg-email', 'email', 'Email', 'email')}
      <PasswordField
        id="reg-password"
        label="Password"
        error={errors.password}
        value={values.password}
        autoComplete="new-password"
        onChange={(v) => update('password', v)}
      />
      <PasswordField
        id="reg-password-confirm"
        label="Confirm Password"
        error={errors.passwordConfirm}
        value={values.passwordConfirm}
        autoComplete="new-password"
        onChange={(v) => update('passwordConfirm', v)}
      />
      <FormField id="reg-terms" error={errors.terms}>
        <Checkbox
          id="reg-terms"
          label={TERMS_LABEL}
          checked={values.terms}
          aria-describedby={errors.terms ? describedById('reg-terms') : undefined}
          onChange={(event) => update('terms', event.currentTarget.checked)}
        />
      </FormField>
      {done && (
        <Callout intent={Intent.PRIMARY} icon={null} role="status" className="public-callout">
          {ASK_ADMIN}
        </Callout>
      )}
      <Button type="submit" intent={Intent.PRIMARY} fill text="Continue" />
    </form>
  );
}

function SocialButtons() {
  return (
    <div className="social-buttons">
      {SOCIAL.map((name) => (
        <Button key={name} fill disabled text={name} />
      ))}
    </div>
  );
}

/** The registration page (000 §2.6): tabs 'With Email' and 'With Social Media', and a link to sign in. */
export function RegisterPage() {
  return (
    <main className="public-page">
      <Card className="public-card" elevation={2}>
        <h1 className="public-title">{MSG.registerTitle}</h1>
        <Tabs id="register-tabs" fill>
          <Tab id="email" title={MSG.registerWithEmail} panel={<EmailForm />} />
          <Tab id="social" title={MSG.registerWithSocialMedia} panel={<SocialButtons />} />
        </Tabs>
        <p className="public-footer">
          <Link href="/login">{MSG.alreadyHaveAccount}</Link>
        </p>
      </Card>
    </main>
  );
}
