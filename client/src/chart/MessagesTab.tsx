import { Button, Card, FormGroup, HTMLSelect, InputGroup, Intent, Tag, TextArea } from '@blueprintjs/core';
import {
  displayDateTime,
  displayPhone,
  fillTemplate,
  getMessageTemplates,
  getPatientMessages,
  MESSAGE_MAX,
  MESSAGE_MINUTES_MAX,
  MESSAGE_STATUS_TEXT,
  type MessageStatus,
  MSG,
  sendPatientMessage,
  TIMER_PROGRAMS,
  TIPS,
  tipMessage,
} from '@rpm/shared';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { useActionKey } from '../api/action-key';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { TablePager } from '../list/TablePager';
import { usePaging } from '../list/use-paging';
import { showToast } from '../toaster/toast';

/** How each delivery status stands out in the thread. */
const STATUS_INTENT: Readonly<Record<MessageStatus, Intent>> = {
  queued: Intent.NONE,
  sent: Intent.PRIMARY,
  delivered: Intent.SUCCESS,
  failed: Intent.DANGER,
  not_sent: Intent.WARNING,
  received: Intent.NONE,
};

export interface MessagesTabProps {
  readonly patientId: number;
  /** Fills a template's {first_name}. */
  readonly firstName: string;
}

/**
 * The Messages tab (000 §2.3): the text thread with the patient, newest first, with each message's
 * delivery status; a message is written freely or started from a Message Template chosen by Messages Category
 * (000 §6.2), and the minutes it took may be logged to the activity log (decisions.md "Time spent on a message").
 * `?tip=<id>` (the Tips page's 'Send as Message') starts the message with the tip's text.
 */
export function MessagesTab({ patientId, firstName }: MessagesTabProps) {
  const { call } = useApi();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [templateId, setTemplateId] = useState<number | null>(null);
  const tipId = new URLSearchParams(useSearch()).get('tip');
  const tip = TIPS.find((t) => t.id === tipId);
  const [text, setText] = useState(() => (tip ? tipMessage(tip) : ''));
  const [minutes, setMinutes] = useState('');
  const [program, setProgram] = useState<(typeof TIMER_PROGRAMS)[number]>('RPM');
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const paging = usePaging(patientId);
  const thread = useCall(getPatientMessages, { query: { patient_id: patientId, ...paging.query } });
  const templates = useCall(getMessageTemplates, {});
  const category = templates.data?.data.find((c) => c.category_id === categoryId);
  const actionKey = useActionKey(patientId, text, templateId, minutes);

  const send = async () => {
    if (text.trim() === '') return setError({ field: 'body', text: MSG.required });
    const spent = minutes.trim() === '' ? undefined : Number(minutes);
    if (spent !== undefined && !(Number.isInteger(spent) && spent >= 1 && spent <= MESSAGE_MINUTES_MAX))
      return setError({
        field: 'minutes',
        text: `Minutes must be a whole number from 1 to ${MESSAGE_MINUTES_MAX}.`,
      });
    setError(null);
    try {
      const answer = await call(sendPatientMessage, {
        body: {
          patient_id: patientId,
          body: text,
          program,
          ...(templateId === null ? {} : { template_id: templateId }),
          ...(spent === undefined ? {} : { minutes: spent }),
        },
        headers: { 'idempotency-key': actionKey },
      });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      setText('');
      setTemplateId(null);
      setMinutes('');
      thread.reload();
    } catch {
      // Shown by the error dialog.
    }
  };

  return (
    <div className="chart-messages">
      <div className="chart-form-row">
        <FormGroup label="Messages Category" labelFor="message-category">
          <HTMLSelect
            id="message-category"
            value={categoryId ?? ''}
            onChange={(e) => {
              setCategoryId(e.currentTarget.value === '' ? null : Number(e.currentTarget.value));
              setTemplateId(null);
            }}
          >
            <option value="">Free text</option>
            {templates.data?.data.map((c) => (
              <option key={c.category_id} value={c.category_id}>
                {c.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {category && (
          <FormGroup label="Message Template" labelFor="message-template">
            <HTMLSelect
              id="message-template"
              value={templateId ?? ''}
              onChange={(e) => {
                const chosen = category.templates.find(
                  (t) => t.template_id === Number(e.currentTarget.value),
                );
                setTemplateId(chosen?.template_id ?? null);
                if (chosen) setText(fillTemplate(chosen.body, firstName));
              }}
            >
              <option value="">Choose a template</option>
              {category.templates.map((t) => (
                <option key={t.template_id} value={t.template_id}>
                  {t.title}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        )}
      </div>
      <FormGroup
        label="Message"
        labelFor="message-text"
        intent={error?.field === 'body' ? Intent.DANGER : Intent.NONE}
        helperText={error?.field === 'body' ? error.text : `${text.length} / ${MESSAGE_MAX}`}
      >
        <TextArea
          id="message-text"
          fill
          maxLength={MESSAGE_MAX}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      </FormGroup>
      <div className="chart-form-row">
        <FormGroup
          label="Time spent (minutes)"
          labelFor="message-minutes"
          intent={error?.field === 'minutes' ? Intent.DANGER : Intent.NONE}
          helperText={error?.field === 'minutes' ? error.text : undefined}
        >
          <InputGroup
            id="message-minutes"
            inputMode="numeric"
            value={minutes}
            onChange={(e) => setMinutes(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label="Program" labelFor="message-program">
          <HTMLSelect
            id="message-program"
            value={program}
            onChange={(e) => setProgram(e.currentTarget.value as (typeof TIMER_PROGRAMS)[number])}
          >
            {TIMER_PROGRAMS.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>
      <Button intent={Intent.PRIMARY} icon="send-message" text="Send" onClick={() => void send()} />
      {!thread.data ? (
        <p>{MSG.loading}</p>
      ) : thread.data.data.length === 0 ? (
        <p>{MSG.noDataFound}</p>
      ) : (
        thread.data.data.map((m) => (
          <Card key={m.message_id} compact className={`chart-message chart-message-${m.direction}`}>
            <div className="chart-muted">
              {m.direction === 'in'
                ? `From the patient (${displayPhone(m.phone)})`
                : `To the patient (${displayPhone(m.phone)}), ${m.sender_name ?? (m.reminder_id === null ? '' : 'Reminder')}`}
              , {displayDateTime(m.created_at)}
            </div>
            <p className="chart-note-text">{m.body}</p>
            <Tag minimal intent={STATUS_INTENT[m.status]}>
              {m.status === 'failed' && m.status_detail
                ? `Failed: ${m.status_detail}`
                : MESSAGE_STATUS_TEXT[m.status]}
            </Tag>
          </Card>
        ))
      )}
      {thread.data && <TablePager {...paging.pager} count={thread.data.count} />}
    </div>
  );
}
