import { Button, Callout, FormGroup, HTMLSelect, Intent, TextArea } from '@blueprintjs/core';
import {
  ADMIN_ROLE_ID,
  coSignSleepInterpretation,
  displayDate,
  displayDateTime,
  formatCell,
  getSleepTest,
  INTERPRETATION_TEXT_MAX,
  type InterpretationTexts,
  identityDetail,
  lowestRoleId,
  MSG,
  type SleepTestDetail,
  saveSleepInterpretation,
  signSleepInterpretation,
} from '@rpm/shared';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { ApiError } from '../api/api-error';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { useSession } from '../session/SessionProvider';
import { LockControls } from './LockControls';
import { type HandOver, type StudyLock, useStudyLock } from './use-study-lock';

/**
 * The interpretation view of one sleep test (route `/app/sleep-test/:studyId`,
 * decisions.md "Sleep interpretation view"): the study's measures, the template, findings/impression/
 * recommendations, Save draft and Sign, or Co-sign for a co-read. Editing needs the study's lock, taken over the
 * hub on open (use-study-lock.ts).
 */

/** A write refused because the caller's lease lapsed or was broken (the server names `token`). */
export const LOCK_LOST_MESSAGE =
  'Your lock on this sleep test was lost (it lapsed or was taken over); nothing was saved. The test is read-only now.';

const EMPTY: InterpretationTexts = { findings: '', impression: '', recommendations: '' };
const TEXTS = [
  ['findings', 'Findings'],
  ['impression', 'Impression'],
  ['recommendations', 'Recommendations'],
] as const;

type Study = SleepTestDetail['study'];
/** The standard summary measures of a sleep study, with their units. */
const FIGURES: readonly { readonly label: string; readonly show: (s: Study) => string | null }[] = [
  { label: 'AHI', show: (s) => perHour(s.ahi) },
  { label: 'RDI', show: (s) => perHour(s.rdi) },
  { label: 'ODI', show: (s) => perHour(s.odi) },
  { label: 'SpO2 nadir', show: (s) => percent(s.spo2_nadir) },
  {
    label: 'Total sleep time',
    show: (s) => (s.total_sleep_minutes === null ? null : formatCell(s.total_sleep_minutes, 'minutes')),
  },
  { label: 'Sleep efficiency', show: (s) => percent(s.sleep_efficiency) },
];
function perHour(value: number | null): string | null {
  return value === null ? null : `${value} events/h`;
}
function percent(value: number | null): string | null {
  return value === null ? null : `${value} %`;
}

export function SleepInterpretationScreen() {
  const { studyId } = useParams<{ studyId: string }>();
  const testId = Number(studyId);
  const { user } = useSession();
  const me = user ? { userId: user.user_id, userName: user.name } : null;
  const detail = useCall(getSleepTest, { query: { test_id: testId } });
  const { lock, lose, handOver } = useStudyLock(testId, me);
  // Only an administrator may break a lock (bff/src/sleep/routes.ts; decisions.md "Sleep interpretation signing").
  const canBreak = user ? lowestRoleId(user.roleid) === ADMIN_ROLE_ID : false;
  // Taken after another reader held it (freed, handed over, broken): show what they left, e.g. their signature.
  const heldByOther = useRef(false);
  const { reload } = detail;
  useEffect(() => {
    if (lock.kind === 'held' && heldByOther.current) reload();
    heldByOther.current = lock.kind === 'other';
  }, [lock.kind, reload]);
  const data = detail.data?.data;
  if (!data) return <p className="page-loading">{detail.loading ? MSG.loading : ''}</p>;
  return (
    <InterpretationForm
      key={testId}
      detail={data}
      lock={lock}
      lose={lose}
      handOver={handOver}
      canBreak={canBreak}
      reload={detail.reload}
      me={me?.userId}
    />
  );
}

interface FormProps {
  readonly detail: SleepTestDetail;
  readonly lock: StudyLock;
  readonly lose: () => void;
  readonly handOver: HandOver;
  readonly canBreak: boolean;
  readonly reload: () => void;
  readonly me: number | undefined;
}

function InterpretationForm({ detail, lock, lose, handOver, canBreak, reload, me }: FormProps) {
  const { study, interpretation, templates } = detail;
  const api = useApi();
  const [texts, setTexts] = useState<InterpretationTexts>(interpretation ?? EMPTY);
  const [templateId, setTemplateId] = useState<number | null>(interpretation?.template_id ?? null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // A reload after a write (or another reader's signature) shows what the server holds.
  useEffect(() => {
    setTexts(interpretation ?? EMPTY);
    setTemplateId(interpretation?.template_id ?? null);
  }, [interpretation]);

  const held = lock.kind === 'held';
  const editable = held && study.status_code === 'awaiting_interpretation';
  const coSignable =
    held &&
    study.status_code === 'interpreted' &&
    study.needs_co_read &&
    interpretation?.signed_by?.user_id !== me;

  const write = async (run: (token: number) => Promise<unknown>, done: string) => {
    if (lock.kind !== 'held') return;
    setBusy(true);
    setNotice(null);
    try {
      await run(lock.token);
      setNotice(done);
      reload();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.field === 'token') {
        lose();
        setNotice(LOCK_LOST_MESSAGE);
      } else if (error instanceof ApiError) void api.showError(error);
    } finally {
      setBusy(false);
    }
  };
  const body = (token: number) => ({ test_id: study.study_id, token, ...texts, template_id: templateId });
  const save = () =>
    write(
      (token) => api.call(saveSleepInterpretation, { body: body(token) }, { quiet: true }),
      'Draft saved.',
    );
  const sign = () =>
    write(
      (token) => api.call(signSleepInterpretation, { body: body(token) }, { quiet: true }),
      'Interpretation signed.',
    );
  const coSign = () =>
    write(
      (token) =>
        api.call(coSignSleepInterpretation, { body: { test_id: study.study_id, token } }, { quiet: true }),
      'Interpretation co-signed.',
    );

  const pickTemplate = (value: string) => {
    const picked = templates.find((t) => String(t.template_id) === value);
    setTemplateId(picked?.template_id ?? null);
    // decisions.md "Sleep interpretation view": a template fills the three texts, which the reader then edits.
    if (picked)
      setTexts({
        findings: picked.findings,
        impression: picked.impression,
        recommendations: picked.recommendations,
      });
  };

  return (
    <div className="sleep-interpretation">
      <LockControls testId={study.study_id} lock={lock} handOver={handOver} canBreak={canBreak} />
      {notice && (
        <Callout intent={notice === LOCK_LOST_MESSAGE ? Intent.DANGER : Intent.SUCCESS} role="status">
          {notice}
        </Callout>
      )}
      <h2>
        {study.patient_name.toUpperCase()} · {study.kind} · Test ID {study.study_id}
      </h2>
      <p>
        {identityDetail(study.patient)} · Study date {displayDate(study.recorded_on)} · {study.status}
        {study.device ? ` · ${study.device}` : ''}
      </p>
      <dl className="sleep-figures">
        {FIGURES.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.show(study) ?? '—'}</dd>
          </div>
        ))}
      </dl>
      {interpretation?.signed_by && (
        <p>
          Signed by {interpretation.signed_by.name} on {displayDateTime(interpretation.signed_at)}
          {interpretation.co_reader &&
            ` · Co-signed by ${interpretation.co_reader.name} on ${displayDateTime(interpretation.co_signed_at)}`}
        </p>
      )}
      <FormGroup label="Template" labelFor="sleep-template">
        <HTMLSelect
          id="sleep-template"
          value={templateId === null ? '' : String(templateId)}
          disabled={!editable || busy}
          onChange={(e) => pickTemplate(e.currentTarget.value)}
          options={[
            { value: '', label: 'No template' },
            ...templates.map((t) => ({ value: String(t.template_id), label: t.name })),
          ]}
        />
      </FormGroup>
      {TEXTS.map(([key, label]) => (
        <FormGroup key={key} label={label} labelFor={`sleep-${key}`}>
          <TextArea
            id={`sleep-${key}`}
            fill
            rows={4}
            value={texts[key]}
            maxLength={INTERPRETATION_TEXT_MAX}
            readOnly={!editable}
            onChange={(e) => setTexts((t) => ({ ...t, [key]: e.currentTarget.value }))}
          />
        </FormGroup>
      ))}
      {editable && (
        <>
          <Button text="Save draft" onClick={save} disabled={busy} />
          <Button
            text="Sign"
            intent={Intent.PRIMARY}
            onClick={sign}
            // The server's rule, so the reader sees it before sending (interpretation-store.ts).
            disabled={busy || texts.impression.trim() === ''}
            title={texts.impression.trim() === '' ? 'An impression is required to sign.' : undefined}
          />
        </>
      )}
      {coSignable && <Button text="Co-sign" intent={Intent.PRIMARY} onClick={coSign} disabled={busy} />}
    </div>
  );
}
