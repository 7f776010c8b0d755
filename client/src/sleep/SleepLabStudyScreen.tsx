import {
  displayDate,
  displayDateTime,
  formatCell,
  getSleepLabDocumentFile,
  getSleepLabStudy,
  MSG,
  type SleepLabStudyView,
  sleepLabList,
} from '@rpm/shared';
import { useParams } from 'wouter';
import { downloadFile } from '../api/download';
import { useCall } from '../api/use-call';
import { RecordSection, RecordViewHead, reportText, ViewDocuments } from './record-view';

type Study = SleepLabStudyView['study'];

/** The study's facts, in the order the lab reads them; a blank value shows '—'. */
const FACTS: readonly { readonly label: string; readonly show: (s: Study) => string }[] = [
  { label: 'Test Type', show: (s) => s.kind },
  { label: 'Status', show: (s) => s.status },
  { label: 'Ordered', show: (s) => displayDateTime(s.ordered_at) },
  { label: 'Study Date', show: (s) => displayDate(s.recorded_on) },
  { label: 'Ordering Physician', show: (s) => s.physician ?? '' },
  { label: 'Technician', show: (s) => s.technician ?? '' },
  { label: 'Interpreting Physician', show: (s) => s.reader ?? '' },
  { label: 'Co-Reader', show: (s) => s.co_reader ?? '' },
  { label: 'Device', show: (s) => s.device ?? '' },
  { label: 'Total Sleep Time', show: (s) => formatCell(s.total_sleep_minutes, 'minutes') },
  { label: 'Sleep Efficiency (%)', show: (s) => formatCell(s.sleep_efficiency) },
  { label: 'AHI (/h)', show: (s) => formatCell(s.ahi) },
  { label: 'RDI (/h)', show: (s) => formatCell(s.rdi) },
  { label: 'SpO2 Nadir (%)', show: (s) => formatCell(s.spo2_nadir) },
];

/**
 * An in-lab study's own view (route ROW_VIEW_ROUTES.sleepLabStudy, opened from a Sleep Lab Table row; issue 41 §4,
 * decisions.md "Dental case and sleep study views"): the patient, the study with its technician and interpreting
 * physician, the report's state and the patient's documents. Read-only: it takes no reader's lock, and sleep-lab
 * users never reach the RPM chart from here.
 */
export function SleepLabStudyScreen() {
  const params = useParams<{ study_id: string }>();
  const studyId = Number(params.study_id);
  const view = useCall(getSleepLabStudy, { query: { study_id: studyId } });
  const data = view.data?.data;
  if (!data) return <p className="page-loading">{view.loading ? MSG.loading : MSG.noDataFound}</p>;
  return <StudyView view={data} />;
}

function StudyView({ view }: { readonly view: SleepLabStudyView }) {
  const { patient, study, report, documents } = view;
  return (
    <section className="record-view" aria-label={`Sleep study ${study.study_id}`}>
      <RecordViewHead
        title={`${study.kind} · Test ID ${study.study_id}`}
        patient={patient}
        back={{ href: sleepLabList.route, text: sleepLabList.title }}
      />
      <RecordSection title="Study">
        <dl className="record-view-facts">
          {FACTS.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.show(study) || '—'}</dd>
            </div>
          ))}
        </dl>
        {study.locked_by && <p>{study.locked_by}</p>}
      </RecordSection>
      <RecordSection title="Report">
        <p>{reportText(report)}</p>
        {report.impression && (
          <p>
            <strong>Impression:</strong> {report.impression}
          </p>
        )}
      </RecordSection>
      <RecordSection title="Documents">
        <ViewDocuments
          documents={documents}
          download={(doc) =>
            downloadFile(
              getSleepLabDocumentFile,
              { query: { study_id: study.study_id, document_id: doc.document_id } },
              doc.file_name,
            )
          }
        />
      </RecordSection>
    </section>
  );
}
