import {
  agentPresence,
  outboundNumber,
  type SoftphoneSnapshot,
  softphoneMachine,
  type TabCall,
} from '@rpm/machines';
import {
  E164,
  endCall,
  getPatientIdByMobile,
  getPatientsByMobile,
  logCallMinutes,
  setCallPatient,
  setCallStatus,
} from '@rpm/shared';
import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { useApi } from '../errors/ErrorDialogProvider';
import type { ContactCentre } from './contact-centre';

/** A caller the single-answer lookup found: only the id is known, which the spec's prompt shows (000 §4.9). */
const UNNAMED = { firstname: '', lastname: '', dob: '', mrn: null, practice_name: '' } as const;

/** The chart a prompt opens, in a new window (000 §4.9). */
const chartUrl = (patientId: number) => `/app/patient-chart/overview/${patientId}`;

/** 000 §4.9: the current URL already names the patient (one of its path segments is the id). */
function chartOpen(patientId: number): boolean {
  return window.location.pathname.split('/').includes(String(patientId));
}

/** The holder's call as other tabs show it. */
export function tabCallOf(snapshot: SoftphoneSnapshot): TabCall {
  const { calling, call } = snapshot.context;
  return {
    presence: agentPresence(snapshot),
    calling,
    phoneNumber: calling ? (call?.phoneNumber ?? null) : null,
    patientId: calling ? (call?.patientId ?? null) : null,
  };
}

/**
 * The softphone machine with its effects (000 §4.9): the contact centre, the window, and the calls. setCallStatus
 * and the lookup are quiet (000 §7, §8: failures ignored); a call's end waits for its status report, so the server
 * has the record to end.
 */
export function useSoftphone(centre: ContactCentre, agentName: string, sidebar: boolean, onBlur: () => void) {
  const api = useApi();
  const reports = useRef(new Map<string, Promise<unknown>>());
  const blur = useRef(onBlur);
  useEffect(() => {
    blur.current = onBlur;
  }, [onBlur]);
  return useActorRef(
    softphoneMachine.provide({
      actors: {
        lookupPatient: fromPromise(async ({ input }) => {
          try {
            return (await api.call(getPatientsByMobile, { query: input }, { quiet: true })).data;
          } catch {
            // An upstream of the spec's calls only (relay mode) knows the single answer: a prompt with the id alone.
            const one = await api.call(getPatientIdByMobile, { query: input }, { quiet: true });
            return [{ ...UNNAMED, patient_id: one.data.patient_id }];
          }
        }),
        endCall: fromPromise(async ({ input }) => {
          await reports.current.get(input.contactId);
          const answer = await api.call(endCall, { body: { contract_id: input.contactId } }, { quiet: true });
          return { callId: answer.data.call_id, durationSeconds: answer.data.duration_seconds };
        }),
        logMinutes: fromPromise(async ({ input }) => {
          const answer = await api.call(logCallMinutes, {
            body: { call_id: input.callId, program: input.program },
          });
          return answer.data.minutes;
        }),
      },
      actions: {
        setAgentState: (_, { state }) => centre.setAgentState(state),
        dial: (_, { phoneNumber }) => centre.dial(phoneNumber),
        reportCallStatus: (_, { call, status }) => {
          const phone = call.phoneNumber ?? '';
          const number = E164.test(phone) ? phone : outboundNumber(phone);
          // A caller without a dialable number cannot be recorded (the contract wants E.164).
          if (number === null) return;
          const sent = api
            .call(
              setCallStatus,
              {
                body: {
                  patient_id: call.patientId,
                  contract_id: call.contactId,
                  phone_number: number,
                  agent_name: agentName,
                  status,
                },
              },
              { quiet: true },
            )
            .catch(() => undefined);
          reports.current.set(call.contactId, sent);
        },
        reportCallPatient: (_, { contactId, patientId }) => {
          // After the call's own report, so the record exists; the call's end waits for both.
          const recorded = reports.current.get(contactId) ?? Promise.resolve();
          const named = recorded
            .then(() =>
              api.call(
                setCallPatient,
                { body: { contract_id: contactId, patient_id: patientId } },
                { quiet: true },
              ),
            )
            .catch(() => undefined);
          reports.current.set(contactId, named);
        },
        openChart: (_, { patientId }) => {
          window.open(chartUrl(patientId), '_blank', 'noopener');
        },
        sendBlur: () => blur.current(),
      },
      guards: { chartOpen: (_, { patientId }) => chartOpen(patientId) },
    }),
    { input: { sidebar } },
  );
}
