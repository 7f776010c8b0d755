import {
  Button,
  Callout,
  Checkbox,
  FileInput,
  H3,
  InputGroup,
  Intent,
  NumericInput,
} from '@blueprintjs/core';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TEXT,
  DOCUMENT_TYPES,
  type OnboardingForm as Form,
  formatPhone,
  ONBOARDING_DOCUMENT_KINDS,
  ONBOARDING_PROGRAMS,
  ONBOARDING_PROVIDERS_MAX,
  ONBOARDING_TEXT,
  type OnboardingDocumentKind,
  type OnboardingProgram,
  type OnboardingProvider,
  onboardingForm,
  phoneDigitsOf,
  submitOnboarding,
} from '@rpm/shared';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '../api/api-error';
import { call } from '../api/call';
import { CaptchaField, type CaptchaHandle } from '../captcha/CaptchaField';
import { describedById, FormField } from '../form/FormField';
import './onboarding.css';

type Values = Omit<Form, 'captchaToken' | 'signature'> & { signature: { name: string; agreed: boolean } };
type Files = Partial<Record<OnboardingDocumentKind, File>>;

const EMPTY_PROVIDER: OnboardingProvider = { name: '', npi: '', credential: '' };
const START: Values = {
  practice: { name: '', npi: '', address: '', phone: '' },
  contact: { name: '', email: '', phone: '' },
  providers: [EMPTY_PROVIDER],
  expected_patients: { RPM: 0, CCM: 0, PCM: 0, BHI: 0, RTM: 0 },
  signature: { name: '', agreed: false },
};

/** The input id of a form field's path, e.g. 'providers.0.npi' → 'onboarding-providers-0-npi'. */
const idOf = (path: string) => `onboarding-${path.replaceAll('.', '-')}`;

/** The form's fields, without the captcha token, which the widget supplies on send (and the server checks). */
const typedFields = onboardingForm.omit({ captchaToken: true });

/** The first message per field path. */
function formProblems(values: Values): Record<string, string> {
  const parsed = typedFields.safeParse(values);
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** What the form can tell of a file before sending; the server decides the type from the file's bytes. */
function fileProblem(kind: OnboardingDocumentKind, file: File | undefined): string | undefined {
  if (!file) return ONBOARDING_TEXT.missingDocument(kind);
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_TEXT.tooLarge;
  if (!(file.type in DOCUMENT_TYPES)) return DOCUMENT_TEXT.wrongType;
  return undefined;
}

export interface OnboardingFormProps {
  /** Called with the reference once the server took the submission. */
  readonly onSubmitted: (answer: { reference: string; next_steps: string }) => void;
}

/**
 * A practice's self-service sign-up (issue 42 §1; decisions.md "Onboarding"): practice, contact, providers, expected
 * patients per program, the W-9 and the signed agreement, a typed signature, and the captcha. Sent as one
 * multipart call; the server stamps the signature's time and address.
 */
export function OnboardingForm({ onSubmitted }: OnboardingFormProps) {
  const [values, setValues] = useState<Values>(START);
  const [files, setFiles] = useState<Files>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const captcha = useRef<CaptchaHandle>(null);

  const set = <S extends 'practice' | 'contact' | 'signature'>(section: S, change: Partial<Values[S]>) =>
    setValues((v) => ({ ...v, [section]: { ...v[section], ...change } }));
  const setProvider = (index: number, change: Partial<OnboardingProvider>) =>
    setValues((v) => ({
      ...v,
      providers: v.providers.map((p, i) => (i === index ? { ...p, ...change } : p)),
    }));

  const text = (
    path: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    type = 'text',
  ) => (
    <FormField id={idOf(path)} label={label} error={errors[path]}>
      <InputGroup
        id={idOf(path)}
        type={type}
        value={value}
        intent={errors[path] ? Intent.DANGER : Intent.NONE}
        aria-describedby={errors[path] ? describedById(idOf(path)) : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </FormField>
  );
  const phone = (path: string, label: string, digits: string, onChange: (digits: string) => void) =>
    text(path, label, formatPhone(digits), (typed) => onChange(phoneDigitsOf(typed)), 'tel');

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = formProblems(values);
    for (const kind of Object.keys(ONBOARDING_DOCUMENT_KINDS) as OnboardingDocumentKind[]) {
      const problem = fileProblem(kind, files[kind]);
      if (problem) found[kind] = problem;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const captchaToken = await captcha.current?.solve();
      if (!captchaToken) {
        setFailure(ONBOARDING_TEXT.captcha);
        return;
      }
      const form = new FormData();
      form.append('submission', JSON.stringify({ ...values, captchaToken }));
      for (const [kind, file] of Object.entries(files)) form.append(kind, file, file.name);
      const answer = await call(submitOnboarding, {}, { form, auth: null });
      onSubmitted(answer.data);
    } catch (error) {
      captcha.current?.reset();
      if (error instanceof ApiError && error.field && error.field !== 'captchaToken')
        setErrors({ [error.field]: error.message });
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="onboarding-form" onSubmit={(e) => void send(e)} noValidate aria-label="Practice sign-up">
      <section aria-labelledby="onboarding-practice">
        <H3 id="onboarding-practice">Practice</H3>
        {text('practice.name', 'Practice name*', values.practice.name, (name) => set('practice', { name }))}
        {text('practice.npi', 'Practice NPI (10 digits)*', values.practice.npi, (npi) =>
          set('practice', { npi }),
        )}
        {text('practice.address', 'Address*', values.practice.address, (address) =>
          set('practice', { address }),
        )}
        {phone('practice.phone', 'Phone*', values.practice.phone, (p) => set('practice', { phone: p }))}
      </section>
      <section aria-labelledby="onboarding-contact">
        <H3 id="onboarding-contact">Contact</H3>
        {text('contact.name', 'Name*', values.contact.name, (name) => set('contact', { name }))}
        {text('contact.email', 'Email*', values.contact.email, (email) => set('contact', { email }), 'email')}
        {phone('contact.phone', 'Phone*', values.contact.phone, (p) => set('contact', { phone: p }))}
      </section>
      <section aria-labelledby="onboarding-providers">
        <H3 id="onboarding-providers">Providers</H3>
        {errors.providers && (
          <Callout intent={Intent.DANGER} compact>
            {errors.providers}
          </Callout>
        )}
        {values.providers.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a provider has no id until it is sent; rows are positional
          <fieldset key={i} className="onboarding-provider">
            <legend>Provider {i + 1}</legend>
            {text(`providers.${i}.name`, 'Name*', p.name, (name) => setProvider(i, { name }))}
            {text(`providers.${i}.npi`, 'NPI*', p.npi, (npi) => setProvider(i, { npi }))}
            {text(`providers.${i}.credential`, 'Credential (e.g. MD, NP)*', p.credential, (credential) =>
              setProvider(i, { credential }),
            )}
            {values.providers.length > 1 && (
              <Button
                variant="minimal"
                icon="trash"
                text={`Remove provider ${i + 1}`}
                onClick={() => setValues((v) => ({ ...v, providers: v.providers.filter((_, n) => n !== i) }))}
              />
            )}
          </fieldset>
        ))}
        {values.providers.length < ONBOARDING_PROVIDERS_MAX && (
          <Button
            icon="add"
            text="Add provider"
            onClick={() => setValues((v) => ({ ...v, providers: [...v.providers, EMPTY_PROVIDER] }))}
          />
        )}
      </section>
      <section aria-labelledby="onboarding-patients">
        <H3 id="onboarding-patients">Expected patients per program</H3>
        <div className="onboarding-programs">
          {ONBOARDING_PROGRAMS.map((program: OnboardingProgram) => {
            const path = `expected_patients.${program}`;
            return (
              <FormField key={program} id={idOf(path)} label={program} error={errors[path]}>
                <NumericInput
                  id={idOf(path)}
                  min={0}
                  fill
                  // No stepper buttons: their aria-controls would name Blueprint's own input id, not this one.
                  buttonPosition="none"
                  value={values.expected_patients[program]}
                  onValueChange={(n) =>
                    setValues((v) => ({
                      ...v,
                      expected_patients: { ...v.expected_patients, [program]: Number.isFinite(n) ? n : 0 },
                    }))
                  }
                />
              </FormField>
            );
          })}
        </div>
      </section>
      <section aria-labelledby="onboarding-documents">
        <H3 id="onboarding-documents">Documents (PDF, PNG or JPEG, up to 10 MB)</H3>
        {(Object.entries(ONBOARDING_DOCUMENT_KINDS) as [OnboardingDocumentKind, string][]).map(
          ([kind, label]) => (
            <FormField key={kind} id={idOf(kind)} label={`${label}*`} error={errors[kind]}>
              <FileInput
                fill
                text={files[kind]?.name ?? 'Choose file...'}
                hasSelection={files[kind] !== undefined}
                inputProps={{
                  id: idOf(kind),
                  accept: Object.keys(DOCUMENT_TYPES).join(','),
                  'aria-label': label,
                }}
                onInputChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  setFiles((f) => {
                    const { [kind]: _old, ...rest } = f;
                    return file ? { ...rest, [kind]: file } : rest;
                  });
                }}
              />
            </FormField>
          ),
        )}
      </section>
      <section aria-labelledby="onboarding-signature">
        <H3 id="onboarding-signature">Signature</H3>
        {text('signature.name', 'Full name*', values.signature.name, (name) => set('signature', { name }))}
        <FormField id={idOf('signature.agreed')} error={errors['signature.agreed']}>
          <Checkbox
            id={idOf('signature.agreed')}
            checked={values.signature.agreed}
            label="I agree to the service agreement and sign it with the name above."
            onChange={(e) => set('signature', { agreed: e.currentTarget.checked })}
          />
        </FormField>
        <p className="onboarding-note">The time and your network address are recorded with your signature.</p>
      </section>
      <CaptchaField ref={captcha} />
      {failure && (
        <Callout intent={Intent.DANGER} role="alert">
          {failure}
        </Callout>
      )}
      <Button type="submit" intent={Intent.PRIMARY} text="Submit" loading={sending} size="large" />
    </form>
  );
}
