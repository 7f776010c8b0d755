import {
  advanceDentalStage,
  type CallDef,
  type DentalCaseView,
  dentalCasesList,
  getDentalCase,
  getDentalCaseDocumentFile,
  getDentalStageCounts,
  getSleepLabDocumentFile,
  getSleepLabStudy,
  MSG,
  type OralApplianceRow,
  type PatientDocument,
  type SleepLabStudyView,
  sleepLabList,
} from '@rpm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageArea } from '../shell/PageArea';
import { fakeServer, pageOf } from '../test/fake-server';
import { listPatientOf, makeUser, storeUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { studyRow } from './study-fixture';

vi.setConfig({ testTimeout: 20_000 });

// decisions.md "Dental case and sleep study views": a Dental Dashboard or Sleep Lab row opens its own view.

const render = (path: string) =>
  renderWithProviders(<PageArea pathname={path} title="View" notFound={false} />, path);

const PATIENT = { patient_id: 5, firstname: 'Ana', lastname: 'Diaz', dob: '1961-04-02', mrn: 'M100023' };
const REPORT_NONE = {
  state: 'none',
  signed_by: null,
  signed_at: null,
  co_signed_by: null,
  co_signed_at: null,
  impression: null,
} as const;
const DOCUMENT: PatientDocument = {
  document_id: 4,
  patient_id: 5,
  title: 'Sleep study report',
  category: 'Lab result',
  file_name: 'report.pdf',
  content_type: 'application/pdf',
  size_bytes: 14_540,
  uploaded_by_name: 'Dana Nurse',
  uploaded_at: '2026-09-02T15:00:00.000Z',
};

function caseView(stage: 'impression' | 'insertion'): DentalCaseView {
  return {
    patient: PATIENT,
    case: {
      case_id: 31,
      practice_name: 'Lakeside Sleep',
      dentist: 'Chen, Laura',
      stage,
      next_stage: stage === 'impression' ? 'insertion' : 'follow_up_test',
    },
    stages: [
      { stage: 'referral', reached_on: '2026-09-01' },
      { stage: 'impression', reached_on: '2026-09-20' },
      { stage: 'insertion', reached_on: stage === 'insertion' ? '2026-10-11' : null },
      { stage: 'follow_up_test', reached_on: null },
    ],
    studies: [
      {
        study_id: 41,
        kind: 'HST',
        status: 'Interpreted',
        purpose: 'diagnostic',
        ordered_at: '2026-08-10T09:00:00.000Z',
        recorded_on: '2026-08-12',
        ahi: 22.5,
        spo2_nadir: 81,
        reader: 'Adeyemi, Samuel',
        report: {
          ...REPORT_NONE,
          state: 'signed',
          signed_by: 'Adeyemi, Samuel',
          signed_at: '2026-08-14T10:00:00.000Z',
          impression: 'Moderate obstructive sleep apnea.',
        },
      },
    ],
    documents: { count: 1, data: [DOCUMENT] },
  };
}

const CASE_ROW: OralApplianceRow = {
  case_id: 31,
  patient_id: 5,
  patient_name: 'Diaz, Ana',
  patient: listPatientOf(5, 'Diaz, Ana', { dob: '1961-04-02' }),
  dob: '1961-04-02',
  practice_name: 'Lakeside Sleep',
  dentist: 'Chen, Laura',
  stage: 'Impression',
  stage_code: 'impression',
  referred_on: '2026-09-01',
  impression_on: '2026-09-20',
  insertion_on: null,
  follow_up_test_on: null,
};

const LAB_VIEW: SleepLabStudyView = {
  patient: PATIENT,
  study: {
    ...studyRow({
      patient_id: 5,
      kind: 'In-lab PSG',
      status: 'Recorded',
      device: 'Compumedics Grael, bed 2',
    }),
    technician: 'Petrova, Nina',
  },
  report: REPORT_NONE,
  documents: { count: 1, data: [DOCUMENT] },
};

/** Catches the file a download saves: its name and object URL. */
function catchDownloads(): string[] {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:doc'), revokeObjectURL: vi.fn() }),
  );
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(`${this.download} ${this.href}`);
  });
  return saved;
}

const pdfFile = () =>
  new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
    headers: { 'content-disposition': 'attachment; filename="report.pdf"' },
  });

describe('the Dental Dashboard case view (issue 41 §4)', () => {
  it("shows the patient, each stage's day, the studies and documents; moves the case and downloads a document", async () => {
    storeUser(makeUser({ roleid: [6], is_dentist: 1, pages: ['Dental Dashboard'] }));
    let stage: 'impression' | 'insertion' = 'impression';
    const server = fakeServer()
      .on(getDentalCase, () => ({ status: 1, data: caseView(stage) }))
      .on(advanceDentalStage, () => {
        stage = 'insertion';
        return { status: 1, message: MSG.updatedSuccessfully };
      })
      .on(getDentalCaseDocumentFile, pdfFile);
    const saved = catchDownloads();
    const ui = userEvent.setup();
    render('/app/dentalDashboard/case/31');
    expect(await screen.findByRole('heading', { name: 'Oral-appliance case 31' })).toBeTruthy();
    expect(server.last(getDentalCase)?.query).toEqual({ case_id: '31' });
    expect(screen.getByText('DIAZ, ANA')).toBeTruthy();
    expect(screen.getByText('DOB 04/02/1961 · MRN M100023')).toBeTruthy();
    expect(screen.getByText('RPM ID 5')).toBeTruthy();
    const stages = within(screen.getByRole('region', { name: 'Stages' })).getAllByRole('listitem');
    expect(stages.map((li) => li.textContent)).toEqual([
      'Referral09/01/2026',
      'Impression09/20/2026',
      'InsertionNot yet',
      'Follow-up TestNot yet',
    ]);
    expect(stages[1]?.getAttribute('aria-current')).toBe('step');
    const study = within(screen.getByRole('region', { name: 'Sleep studies' })).getAllByRole(
      'row',
    )[1] as HTMLElement;
    expect(within(study).getByText('Diagnostic')).toBeTruthy();
    expect(
      within(study).getByText(/^Signed by Adeyemi, Samuel on 08\/14\/2026 \d\d:\d\d [AP]M$/),
    ).toBeTruthy();
    expect(within(study).getByText('Moderate obstructive sleep apnea.')).toBeTruthy();

    await ui.click(screen.getByRole('button', { name: 'Move to Insertion' }));
    await waitFor(() =>
      expect(server.bodies(advanceDentalStage)).toEqual([{ case_id: 31, to_stage: 'insertion' }]),
    );
    // The view reloads and offers the next step.
    expect(await screen.findByRole('button', { name: 'Move to Follow-up Test' })).toBeTruthy();
    expect(screen.getByText('10/11/2026')).toBeTruthy();

    await ui.click(screen.getByRole('button', { name: 'Download Sleep study report' }));
    await waitFor(() => expect(saved).toEqual(['report.pdf blob:doc']));
    expect(server.last(getDentalCaseDocumentFile)?.query).toEqual({ case_id: '31', document_id: '4' });
  });

  it("opens a Dashboard row's case view, not the patient chart", async () => {
    storeUser(makeUser({ roleid: [6], is_dentist: 1, pages: ['Dental Dashboard'] }));
    fakeServer()
      .on(dentalCasesList.calls.list as unknown as CallDef, (r) => pageOf([CASE_ROW], r.query))
      .on(dentalCasesList.calls.filterOptions as unknown as CallDef, () => ({
        status: 1,
        data: { practice: [], dentist: [] },
      }))
      .on(getDentalCase, { status: 1, data: caseView('impression') })
      .on(advanceDentalStage, { status: 1, message: MSG.updatedSuccessfully })
      .on(getDentalStageCounts, { status: 1, data: [] });
    const ui = userEvent.setup();
    const { path } = render('/app/dentalDashboard');
    const name = await screen.findByRole('link', { name: 'DIAZ, ANA' });
    expect(name.getAttribute('href')).toBe('/app/dentalDashboard/case/31');
    expect(screen.getByRole('link', { name: '31' }).getAttribute('href')).toBe(
      '/app/dentalDashboard/case/31',
    );
    // Enter on any cell of the row opens the row (ListTable), here the dentist's.
    const cell = screen.getByText('Chen, Laura').closest<HTMLElement>('[data-cell]');
    cell?.focus();
    await ui.keyboard('{Enter}');
    expect(path()).toBe('/app/dentalDashboard/case/31');
    expect(await screen.findByRole('heading', { name: 'Oral-appliance case 31' })).toBeTruthy();
  });
});

describe("the Sleep Lab's study view (issue 41 §4)", () => {
  it('shows the study with its technician and interpreting physician, the report state and the documents', async () => {
    storeUser(makeUser({ roleid: [5], is_sleeplab_user: 1, pages: ['Sleep Lab Table'] }));
    const server = fakeServer()
      .on(getSleepLabStudy, { status: 1, data: LAB_VIEW })
      .on(getSleepLabDocumentFile, pdfFile);
    const saved = catchDownloads();
    render('/app/sleep-lab/study/41');
    expect(await screen.findByRole('heading', { name: 'In-lab PSG · Test ID 41' })).toBeTruthy();
    expect(server.last(getSleepLabStudy)?.query).toEqual({ study_id: '41' });
    const facts = within(screen.getByRole('region', { name: 'Study' }));
    const fact = (term: string) => facts.getByText(term).nextElementSibling?.textContent;
    expect(fact('Technician')).toBe('Petrova, Nina');
    expect(fact('Interpreting Physician')).toBe('—');
    expect(fact('Study Date')).toBe('03/04/2026');
    expect(fact('Device')).toBe('Compumedics Grael, bed 2');
    expect(within(screen.getByRole('region', { name: 'Report' })).getByText('Not started')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download Sleep study report' }));
    await waitFor(() => expect(saved).toEqual(['report.pdf blob:doc']));
    expect(server.last(getSleepLabDocumentFile)?.query).toEqual({ study_id: '41', document_id: '4' });
  });

  it("opens a Sleep Lab row's study view, not the patient chart", async () => {
    storeUser(makeUser({ roleid: [5], is_sleeplab_user: 1, pages: ['Sleep Lab Table'] }));
    fakeServer()
      .on(sleepLabList.calls.list as unknown as CallDef, (r) =>
        pageOf([studyRow({ kind: 'In-lab PSG', status: 'Recorded' })], r.query),
      )
      .on(sleepLabList.calls.filterOptions as unknown as CallDef, () => ({ status: 1, data: {} }))
      .on(getSleepLabStudy, { status: 1, data: LAB_VIEW });
    const ui = userEvent.setup();
    const { path } = render('/app/sleep-lab');
    const id = await screen.findByRole('link', { name: '41' });
    expect(screen.getByRole('link', { name: 'DOE, JOHN' }).getAttribute('href')).toBe(
      '/app/sleep-lab/study/41',
    );
    await ui.click(id);
    expect(path()).toBe('/app/sleep-lab/study/41');
    expect(await screen.findByRole('heading', { name: 'In-lab PSG · Test ID 41' })).toBeTruthy();
  });
});
