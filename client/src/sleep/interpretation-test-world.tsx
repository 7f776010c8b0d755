import { getSleepTest, type SleepTestDetail } from '@rpm/shared';
import { Route } from 'wouter';
import { fakeServer } from '../test/fake-server';
import { renderWithProviders } from '../test/render';
import { SleepInterpretationScreen } from './InterpretationScreen';
import { studyRow } from './study-fixture';

export { hub } from './fake-hub';

/** A study awaiting interpretation, as getSleepTest answers it; override what a test needs. */
export function detail(
  over: Partial<SleepTestDetail['study']> = {},
  interpretation: SleepTestDetail['interpretation'] = null,
): SleepTestDetail {
  return {
    study: {
      ...studyRow(),
      kind_code: 'hst',
      status_code: 'awaiting_interpretation',
      needs_co_read: false,
      ...over,
    },
    interpretation,
    templates: [
      {
        template_id: 3,
        name: 'Moderate OSA',
        findings: 'Moderate obstructive sleep apnea.',
        impression: 'Moderate OSA (AHI 15-30).',
        recommendations: 'CPAP titration.',
      },
    ],
    lock: null,
  };
}

/** Opens study 41's interpretation view on a fake server answering its detail. */
export function open(data: SleepTestDetail) {
  const server = fakeServer().on(getSleepTest, { status: 1, data });
  const ui = renderWithProviders(
    <Route path="/app/sleep-test/:studyId">
      <SleepInterpretationScreen />
    </Route>,
    '/app/sleep-test/41',
  );
  return { server, ui };
}
