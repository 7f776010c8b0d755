import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  NumericInput,
  TextArea,
} from '@blueprintjs/core';
import {
  addNotificationRule,
  defaultThresholds,
  getAllIntervals,
  getAllVitals,
  getMoreNotificationRuleData,
  getPatientDevices,
  getVitalsDefaults,
  IVR_SPEECH,
  lowestRoleId,
  MSG,
  NOTIFICATION_MODES,
  type NotificationMode,
  type NotificationRule,
  PATIENT_ROLE_ID,
  type PatientDevice,
  RULE_DEFAULT_END_DATE,
  type RuleFormField,
  ruleFormErrors,
  type ThresholdField,
  type Thresholds,
  updateNotificationRules,
  vitalKind,
  WEIGHT_DEVICE_TYPE_ID,
} from '@rpm/shared';
import { useEffect, useState } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';
import { todayIso } from './format-day';
import { ThresholdEditor } from './ThresholdEditor';

interface VitalRow {
  readonly vital_id: number;
  readonly vital_type: string;
  readonly unit: string;
  readonly thresholds: Thresholds;
}

/** Props of {@link RuleFormDialog}. */
export interface RuleFormDialogProps {
  readonly patientId: number;
  /** The rule to edit; null adds a rule. */
  readonly ruleId: number | null;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}

type Interval = { interval_id: number; interval_type: string; days: number };

/** Speaks the IVR note as the patient's phone call would (001 §2.2; IVR_SPEECH: en-GB, 0.5, 0.95, 0.7). */
export function speakIvrNote(note: string): void {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
  const utterance = new SpeechSynthesisUtterance(note);
  utterance.lang = IVR_SPEECH.lang;
  utterance.volume = IVR_SPEECH.volume;
  utterance.rate = IVR_SPEECH.rate;
  utterance.pitch = IVR_SPEECH.pitch;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}

const numberOrNull = (n: number) => (Number.isFinite(n) ? n : null);

/**
 * 'Add New Rule' / 'Edit Rule' (001 §2.2, §4, §5): the patient's current devices ('No Device Available' without
 * one; read-only on edit), start date today (locked on edit until 'Change Start Date'), end date 12/31/2099, the
 * Patient Alerts sentence (interval, missed-SMS and missed-call days, how the patient is reached), weight gain/loss
 * for a weight device, the IVR note with 'Play IVR Note', and Reading Monitoring per vital. Save checks
 * ruleFormErrors (the messages of 001 §5) before calling the server.
 */
export function RuleFormDialog({ patientId, ruleId, onClose, onSaved }: RuleFormDialogProps) {
  const { call } = useApi();
  const { user } = useSession();
  const editing = ruleId !== null;
  const today = todayIso();
  const [devices, setDevices] = useState<PatientDevice[] | null>(null);
  const [intervals, setIntervals] = useState<Interval[]>([]);
  const [vitalUnits, setVitalUnits] = useState<Map<number, string>>(new Map());
  const [rule, setRule] = useState<NotificationRule | null>(null);
  const [inventoryId, setInventoryId] = useState<number | null>(null);
  const [startDate, setStartDate] = useState(today);
  const [startLocked, setStartLocked] = useState(editing);
  const [endDate, setEndDate] = useState<string>(RULE_DEFAULT_END_DATE);
  const [intervalId, setIntervalId] = useState<number | null>(null);
  const [interval, setInterval] = useState<number | null>(1);
  const [smsMiss, setSmsMiss] = useState<number | null>(2);
  const [callMiss, setCallMiss] = useState<number | null>(3);
  const [mode, setMode] = useState<NotificationMode>('sms_ivr');
  const [gain, setGain] = useState<number | null>(null);
  const [loss, setLoss] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [vitals, setVitals] = useState<VitalRow[]>([]);
  const [errors, setErrors] = useState<Partial<Record<RuleFormField, string>>>({});
  const [saving, setSaving] = useState(false);

  const device = devices?.find((d) => d.inventory_id === inventoryId) ?? null;
  const deviceTypeId = rule?.device_type_id ?? device?.device_type_id ?? null;
  const isWeight = deviceTypeId === WEIGHT_DEVICE_TYPE_ID;

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const [d, i, v] = await Promise.all([
          call(getPatientDevices, { query: { patient_id: patientId } }),
          call(getAllIntervals, {}),
          call(getAllVitals, {}),
        ]);
        if (!live) return;
        setDevices(d.data.filter((x) => x.current));
        setIntervals(i.data);
        setIntervalId((cur) => cur ?? i.data[0]?.interval_id ?? null);
        setVitalUnits(new Map(v.data.map((x) => [x.vital_id, x.unit])));
        if (ruleId !== null) {
          const r = (await call(getMoreNotificationRuleData, { query: { notification_rule_id: ruleId } }))
            .data;
          if (!live) return;
          setRule(r);
          setInventoryId(r.inventory_id);
          setStartDate(r.start_date.slice(0, 10));
          setEndDate(r.end_date.slice(0, 10));
          setIntervalId(r.fk_interval_id);
          setInterval(r.interval);
          setSmsMiss(r.sms_miss);
          setCallMiss(r.call_miss);
          setMode(r.notification_mode);
          setGain(r.gain);
          setLoss(r.loss);
          setNote(r.notification_note);
          setVitals(
            r.vitals.map((x) => ({
              vital_id: x.vital_id,
              vital_type: x.vital_type,
              unit: x.unit,
              thresholds: x,
            })),
          );
        }
      } catch {
        // Shown by the error dialog.
      }
    })();
    return () => {
      live = false;
    };
  }, [call, patientId, ruleId]);

  const chooseDevice = async (id: number) => {
    setInventoryId(id);
    const chosen = devices?.find((d) => d.inventory_id === id);
    if (!chosen || !user) return;
    // 001 §9 defaults: the role's own, else the RPM protocol's, else the spec's (the server picks).
    const fallback = chosen.vitals.map((v) => ({
      ...v,
      thresholds: defaultThresholds(v.vital_id, vitalKind(v.vital_type)),
    }));
    setVitals(fallback);
    try {
      const role = lowestRoleId(user.roleid) ?? PATIENT_ROLE_ID;
      const d = await call(getVitalsDefaults, {
        query: { role_id: role, device_type_id: chosen.device_type_id },
      });
      setVitals(
        fallback.map((v) => {
          const found = d.data.find((x) => x.vital_id === v.vital_id);
          return found ? { ...v, thresholds: found } : v;
        }),
      );
    } catch {
      // The spec's defaults stay.
    }
  };

  const save = async () => {
    const found = ruleFormErrors(
      {
        inventory_id: inventoryId,
        device_type_id: deviceTypeId,
        start_date: startDate || null,
        end_date: endDate || null,
        interval_id: intervalId,
        interval,
        sms_miss: smsMiss,
        call_miss: callMiss,
        gain: isWeight ? gain : null,
        loss: isWeight ? loss : null,
        notification_note: note,
        vitals: vitals.map((v) => ({ vital_id: v.vital_id, kind: vitalKind(v.vital_type), ...v.thresholds })),
      },
      { today, mode: editing ? 'edit' : 'add', startDateLocked: startLocked },
    );
    setErrors(found);
    if (Object.keys(found).length > 0 || !user || inventoryId === null || deviceTypeId === null) return;
    const body = {
      user_id: patientId,
      role_id: PATIENT_ROLE_ID as 7,
      interval_id: intervalId ?? 0,
      interval: interval ?? 0,
      status: 1 as const,
      start_date: startDate,
      end_date: endDate,
      created_by: user.user_id,
      inventory_id: inventoryId,
      device_type_id: deviceTypeId,
      vitals: isWeight
        ? []
        : vitals.map((v) => ({
            vital_id: v.vital_id,
            critical_low: v.thresholds.critical_low,
            abnormal_low: v.thresholds.abnormal_low,
            abnormal_high: v.thresholds.abnormal_high,
            critical_high: v.thresholds.critical_high,
          })),
      notification_mode: mode,
      notification_note: note,
      sms_miss: smsMiss ?? 0,
      call_miss: callMiss ?? 0,
      deviceName: rule?.device_name ?? device?.device_name,
      gain: isWeight ? gain : null,
      loss: isWeight ? loss : null,
    };
    setSaving(true);
    try {
      const answer = rule
        ? await call(updateNotificationRules, {
            body: {
              ...body,
              status: rule.status,
              notification_rule_id: rule.notification_rule_id,
              previous: {
                start_date: rule.start_date,
                end_date: rule.end_date,
                interval_id: rule.fk_interval_id,
                interval: rule.interval,
                status: rule.status,
                notification_mode: rule.notification_mode,
                notification_note: rule.notification_note,
                sms_miss: rule.sms_miss,
                call_miss: rule.call_miss,
                gain: rule.gain,
                loss: rule.loss,
                updated_at: rule.updated_at,
              },
            },
          })
        : await call(addNotificationRule, { body });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      onSaved();
    } catch {
      // Shown by the error dialog; the form stays open with what was typed.
    } finally {
      setSaving(false);
    }
  };

  const fieldProps = (field: RuleFormField) => ({
    intent: errors[field] ? Intent.DANGER : Intent.NONE,
    helperText: errors[field],
  });
  const vitalErrors = (vitalId: number) => {
    const out: Partial<Record<ThresholdField, string>> = {};
    for (const [key, message] of Object.entries(errors)) {
      const m = /^vitals\.(\d+)\.(\w+)$/.exec(key);
      if (m && Number(m[1]) === vitalId) out[m[2] as ThresholdField] = message;
    }
    return out;
  };
  const intervalUnit = intervals.find((i) => i.interval_id === intervalId)?.interval_type ?? '';

  return (
    <Dialog isOpen title={editing ? MSG.editRule : MSG.addNewRule} onClose={onClose} style={{ width: 760 }}>
      <DialogBody>
        {devices === null ? (
          <p>{MSG.loading}</p>
        ) : (
          <>
            <FormGroup label="Device" labelFor="rule-device" {...fieldProps('inventory_id')}>
              {editing ? (
                <InputGroup
                  id="rule-device"
                  readOnly
                  value={rule ? `${rule.device_name} (${rule.IMEI})` : ''}
                />
              ) : (
                <HTMLSelect
                  id="rule-device"
                  fill
                  value={inventoryId ?? ''}
                  onChange={(e) => void chooseDevice(Number(e.currentTarget.value))}
                >
                  {devices.length === 0 ? (
                    <option value="">{MSG.noDeviceAvailable}</option>
                  ) : (
                    <>
                      <option value="" disabled>
                        {MSG.selectDevice}
                      </option>
                      {devices.map((d) => (
                        <option key={d.inventory_id} value={d.inventory_id}>
                          {d.device_name} ({d.IMEI})
                        </option>
                      ))}
                    </>
                  )}
                </HTMLSelect>
              )}
            </FormGroup>
            <div className="chart-rule-dates">
              <FormGroup label="Start Date" labelFor="rule-start" {...fieldProps('start_date')}>
                <InputGroup
                  id="rule-start"
                  type="date"
                  min={startLocked ? undefined : today}
                  max={RULE_DEFAULT_END_DATE}
                  readOnly={startLocked}
                  value={startDate}
                  onChange={(e) => setStartDate(e.currentTarget.value)}
                />
                {editing && startLocked && (
                  <Button
                    small
                    text={MSG.changeStartDate}
                    onClick={() => {
                      setStartLocked(false);
                      if (startDate < today) setStartDate(today);
                    }}
                  />
                )}
              </FormGroup>
              <FormGroup label="End Date" labelFor="rule-end" {...fieldProps('end_date')}>
                <InputGroup
                  id="rule-end"
                  type="date"
                  min={today}
                  max={RULE_DEFAULT_END_DATE}
                  value={endDate}
                  onChange={(e) => setEndDate(e.currentTarget.value)}
                />
              </FormGroup>
            </div>
            {/* 001 §2.2 "the Patient Alerts sentence": we render it as one sentence with inputs in it. */}
            <div className="chart-rule-sentence">
              Expect
              <NumericInput
                aria-label="Interval"
                min={1}
                buttonPosition="none"
                value={interval ?? ''}
                onValueChange={(n) => setInterval(numberOrNull(n))}
                intent={errors.interval ? Intent.DANGER : Intent.NONE}
              />
              reading(s) per
              <HTMLSelect
                aria-label="Interval Type"
                value={intervalId ?? ''}
                onChange={(e) => setIntervalId(Number(e.currentTarget.value))}
              >
                {intervals.map((i) => (
                  <option key={i.interval_id} value={i.interval_id}>
                    {i.interval_type}
                  </option>
                ))}
              </HTMLSelect>
              ; send an SMS after
              <NumericInput
                aria-label="Missed SMS Days"
                min={1}
                buttonPosition="none"
                value={smsMiss ?? ''}
                onValueChange={(n) => setSmsMiss(numberOrNull(n))}
              />
              day(s) and call after
              <NumericInput
                aria-label="Missed Call Days"
                min={1}
                buttonPosition="none"
                value={callMiss ?? ''}
                onValueChange={(n) => setCallMiss(numberOrNull(n))}
              />
              day(s) without readings, by
              <HTMLSelect
                aria-label="Notification Mode"
                value={mode}
                onChange={(e) => setMode(e.currentTarget.value as NotificationMode)}
                options={Object.entries(NOTIFICATION_MODES).map(([value, label]) => ({ value, label }))}
              />
            </div>
            {[errors.interval_id, errors.interval, errors.sms_miss, errors.call_miss]
              .filter(Boolean)
              .map((m) => (
                <p key={m} className="chart-error" role="alert">
                  {m}
                </p>
              ))}
            <span className="chart-muted">{intervalUnit && `Per ${intervalUnit}`}</span>
            {isWeight && (
              <fieldset className="chart-vital">
                <legend>{MSG.weightGainLoss}</legend>
                <div className="chart-rule-dates">
                  <FormGroup label="Gain (lbs)" labelFor="rule-gain" {...fieldProps('gain')}>
                    <NumericInput
                      id="rule-gain"
                      min={0}
                      buttonPosition="none"
                      value={gain ?? ''}
                      onValueChange={(n) => setGain(numberOrNull(n))}
                    />
                  </FormGroup>
                  <FormGroup label="Loss (lbs)" labelFor="rule-loss" {...fieldProps('loss')}>
                    <NumericInput
                      id="rule-loss"
                      min={0}
                      buttonPosition="none"
                      value={loss ?? ''}
                      onValueChange={(n) => setLoss(numberOrNull(n))}
                    />
                  </FormGroup>
                </div>
              </fieldset>
            )}
            <FormGroup label={MSG.ivrNote} labelFor="rule-ivr" {...fieldProps('notification_note')}>
              <TextArea id="rule-ivr" fill value={note} onChange={(e) => setNote(e.currentTarget.value)} />
              <Button
                small
                icon="volume-up"
                text={MSG.playIvrNote}
                disabled={note.trim() === ''}
                onClick={() => speakIvrNote(note)}
              />
            </FormGroup>
            {!isWeight && vitals.length > 0 && (
              <>
                <h4>{MSG.readingMonitoring}</h4>
                {vitals.map((v) => (
                  <ThresholdEditor
                    key={v.vital_id}
                    vitalId={v.vital_id}
                    title={`${v.vital_type} (${vitalUnits.get(v.vital_id) ?? v.unit})`}
                    kind={vitalKind(v.vital_type)}
                    value={v.thresholds}
                    errors={vitalErrors(v.vital_id)}
                    onChange={(thresholds) =>
                      setVitals((all) =>
                        all.map((x) => (x.vital_id === v.vital_id ? { ...x, thresholds } : x)),
                      )
                    }
                  />
                ))}
              </>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.close} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={MSG.save} loading={saving} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}
