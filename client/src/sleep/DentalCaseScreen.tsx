import { HTMLTable } from '@blueprintjs/core';
import {
  DENTAL_STUDY_PURPOSE_LABELS,
  type DentalCaseView,
  dentalCasesList,
  displayDate,
  getDentalCase,
  getDentalCaseDocumentFile,
  MSG,
  ORAL_APPLIANCE_STAGE_LABELS,
} from '@rpm/shared';
import { useParams } from 'wouter';
import { downloadFile } from '../api/download';
import { useCall } from '../api/use-call';
import { AdvanceStageButton } from './AdvanceStageButton';
import { RecordSection, RecordViewHead, reportText, ViewDocuments } from './record-view';

/**
 * An oral-appliance case's own view (route ROW_VIEW_ROUTES.dentalCase, opened from a Dental Dashboard row; issue 41
 * §4, decisions.md "Dental case and sleep study views"): the patient, the case's stages with the day each was
 * reached and the move to the next one, the patient's sleep-apnea studies and documents. Dentists never reach the
 * RPM chart from here.
 */
export function DentalCaseScreen() {
  const params = useParams<{ case_id: string }>();
  const caseId = Number(params.case_id);
  const view = useCall(getDentalCase, { query: { case_id: caseId } });
  const data = view.data?.data;
  if (!data) return <p className="page-loading">{view.loading ? MSG.loading : MSG.noDataFound}</p>;
  return <CaseView view={data} reload={view.reload} />;
}

function CaseView({ view, reload }: { readonly view: DentalCaseView; readonly reload: () => void }) {
  const { patient, case: c, stages, studies, documents } = view;
  return (
    <section className="record-view" aria-label={`Oral-appliance case ${c.case_id}`}>
      <RecordViewHead
        title={`Oral-appliance case ${c.case_id}`}
        patient={patient}
        back={{ href: dentalCasesList.route, text: dentalCasesList.title }}
      >
        <AdvanceStageButton caseId={c.case_id} stage={c.stage} onDone={reload} prominent />
      </RecordViewHead>
      <RecordSection title="Stages">
        <p>
          {c.practice_name} · Dentist {c.dentist} · Current stage{' '}
          <strong>{ORAL_APPLIANCE_STAGE_LABELS[c.stage]}</strong>
        </p>
        <ol className="record-view-stages">
          {stages.map(({ stage, reached_on }) => {
            const current = stage === c.stage;
            const state = current ? 'current' : reached_on ? 'reached' : 'ahead';
            return (
              <li
                key={stage}
                className={`record-view-stage record-view-stage-${state}`}
                aria-current={current ? 'step' : undefined}
              >
                <span>{ORAL_APPLIANCE_STAGE_LABELS[stage]}</span>
                <span>{reached_on ? displayDate(reached_on) : 'Not yet'}</span>
              </li>
            );
          })}
        </ol>
      </RecordSection>
      <RecordSection title="Sleep studies">
        {studies.length === 0 ? (
          <p>{MSG.noDataFound}</p>
        ) : (
          <HTMLTable compact striped>
            <thead>
              <tr>
                {[
                  'Test ID',
                  'For',
                  'Test Type',
                  'Status',
                  'Ordered',
                  'Study Date',
                  'AHI (/h)',
                  'SpO2 Nadir (%)',
                  'Interpreting Physician',
                  'Report',
                  'Impression',
                ].map((column) => (
                  <th key={column}>{column}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {studies.map((s) => (
                <tr key={s.study_id}>
                  <td>{s.study_id}</td>
                  <td>{DENTAL_STUDY_PURPOSE_LABELS[s.purpose]}</td>
                  <td>{s.kind}</td>
                  <td>{s.status}</td>
                  <td>{displayDate(s.ordered_at)}</td>
                  <td>{displayDate(s.recorded_on)}</td>
                  <td>{s.ahi ?? ''}</td>
                  <td>{s.spo2_nadir ?? ''}</td>
                  <td>{s.reader ?? ''}</td>
                  <td>{reportText(s.report)}</td>
                  <td>{s.report.impression ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </RecordSection>
      <RecordSection title="Documents">
        <ViewDocuments
          documents={documents}
          download={(doc) =>
            downloadFile(
              getDentalCaseDocumentFile,
              { query: { case_id: c.case_id, document_id: doc.document_id } },
              doc.file_name,
            )
          }
        />
      </RecordSection>
    </section>
  );
}
