import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import {
  addNotificationRule,
  getAllIntervals,
  getAllVitals,
  getMoreNotificationRuleData,
  getPatientDevices,
  getVitalsDefaults,
  isoDay,
  lowestRoleId,
  MSG,
  PATIENT_ROLE_ID,
  updateNotificationRules,
} from '@rpm/shared';
import { useCallback, useEffect, useReducer } from 'react';
import { useApi } from '../errors/ErrorDialogProvider';
import { useSession } from '../session/SessionProvider';
import { showToast } from '../toaster/toast';
import { DeviceField } from './rule-form/DeviceField';
import type { OnInput } from './rule-form/field-errors';
import { IvrNoteField } from './rule-form/IvrNoteField';
import { PatientAlertsSentence } from './rule-form/PatientAlertsSentence';
import { ReadingMonitoring } from './rule-form/ReadingMonitoring';
import { RuleDateFields } from './rule-form/RuleDateFields';
import { initialRuleForm, ruleFormReducer } from './rule-form/rule-form-state';
import { isWeightRule, ruleRequest } from './rule-form/rule-request';
import { WeightChangeFields } from './rule-form/WeightChangeFields';

export interface RuleFormDialogProps {
  readonly patientId: number;
  /** The rule to edit; null adds a rule. */
  readonly ruleId: number | null;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}

/**
 * 'Add New Rule' / 'Edit Rule' (001 §2.2, §4, §5): the state lives in rule-form/rule-form-state.ts (a reducer);
 * this dialog loads what the form needs, calls the server and lays out the form's pieces. Save checks
 * ruleFormErrors (the messages of 001 §5) before calling the server.
 */
export function RuleFormDialog({ patientId, ruleId, onClose, onSaved }: RuleFormDialogProps) {
  const { call } = useApi();
  const { user } = useSession();
  const editing = ruleId !== null;
  const [state, dispatch] = useReducer(
    ruleFormReducer,
    { patientId, userId: user?.user_id ?? null, editing, today: isoDay(new Date()) },
    initialRuleForm,
  );
  const isWeight = isWeightRule(state);

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const [devices, intervals, vitals] = await Promise.all([
          call(getPatientDevices, { query: { patient_id: patientId } }),
          call(getAllIntervals, {}),
          call(getAllVitals, {}),
        ]);
        if (!live) return;
        dispatch({ type: 'loaded', devices: devices.data, intervals: intervals.data, vitals: vitals.data });
        if (ruleId === null) return;
        const rule = await call(getMoreNotificationRuleData, { query: { notification_rule_id: ruleId } });
        if (live) dispatch({ type: 'ruleLoaded', rule: rule.data });
      } catch {
        // Shown by the error dialog.
      }
    })();
    return () => {
      live = false;
    };
  }, [call, patientId, ruleId]);

  const chooseDevice = async (inventoryId: number) => {
    dispatch({ type: 'deviceChosen', inventoryId });
    const device = state.devices?.find((d) => d.inventory_id === inventoryId);
    if (!device || !user) return;
    // 001 §9 defaults: the role's own, else the RPM protocol's, else the spec's (the server picks).
    try {
      const role = lowestRoleId(user.roleid) ?? PATIENT_ROLE_ID;
      const defaults = await call(getVitalsDefaults, {
        query: { role_id: role, device_type_id: device.device_type_id, patient_id: patientId },
      });
      dispatch({ type: 'defaultsLoaded', inventoryId, defaults: defaults.data });
    } catch {
      // The spec's defaults stay.
    }
  };

  const save = async () => {
    if (state.saving) return;
    dispatch({ type: 'submitted' });
    const request = ruleRequest(state);
    if (!request) return;
    try {
      const answer =
        request.kind === 'update'
          ? await call(updateNotificationRules, { body: request.body })
          : await call(addNotificationRule, { body: request.body });
      void showToast({ message: answer.message, intent: Intent.SUCCESS });
      onSaved();
    } catch {
      // Shown by the error dialog; the form stays open with what was typed.
    } finally {
      dispatch({ type: 'saveEnded' });
    }
  };

  const onInput: OnInput = useCallback((inputs) => dispatch({ type: 'input', inputs }), []);
  const { inputs, errors } = state;

  return (
    <Dialog isOpen title={editing ? MSG.editRule : MSG.addNewRule} onClose={onClose} style={{ width: 760 }}>
      <DialogBody>
        {state.devices === null ? (
          <p>{MSG.loading}</p>
        ) : (
          <>
            <DeviceField
              rule={state.rule}
              editing={editing}
              devices={state.devices}
              inventoryId={inputs.inventory_id}
              errors={errors}
              onChoose={(id) => void chooseDevice(id)}
            />
            <RuleDateFields
              today={state.today}
              startDate={inputs.start_date}
              endDate={inputs.end_date}
              editing={editing}
              startLocked={state.startLocked}
              errors={errors}
              onInput={onInput}
              onUnlockStart={() => dispatch({ type: 'startUnlocked' })}
            />
            <PatientAlertsSentence
              inputs={inputs}
              intervals={state.intervals}
              errors={errors}
              onInput={onInput}
            />
            {isWeight && (
              <WeightChangeFields gain={inputs.gain} loss={inputs.loss} errors={errors} onInput={onInput} />
            )}
            <IvrNoteField note={inputs.notification_note} errors={errors} onInput={onInput} />
            {!isWeight && state.vitals.length > 0 && (
              <ReadingMonitoring
                vitals={state.vitals}
                vitalUnits={state.vitalUnits}
                errors={errors}
                onChange={(vitalId, thresholds) =>
                  dispatch({ type: 'thresholdsChanged', vitalId, thresholds })
                }
              />
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MSG.close} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text={MSG.save}
              loading={state.saving}
              onClick={() => void save()}
            />
          </>
        }
      />
    </Dialog>
  );
}
