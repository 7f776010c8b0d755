import { Button, FormGroup, HTMLSelect, HTMLTable, Intent } from '@blueprintjs/core';
import {
  approveOnboarding,
  displayDateTime,
  formatFileSize,
  formatPhone,
  getOnboardingDocumentFile,
  getOnboardingSubmission,
  MSG,
  ONBOARDING_DOCUMENT_KINDS,
  ONBOARDING_PROGRAMS,
  type OnboardingSubmission,
  onboardingSubmissionsList,
  rejectOnboarding,
  startOnboardingReview,
} from '@rpm/shared';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { ApiError } from '../api/api-error';
import { downloadFile } from '../api/download';
import { useCall } from '../api/use-call';
import { useApi } from '../errors/ErrorDialogProvider';
import { RecordSection } from '../sleep/record-view';
import { showToast } from '../toaster/toast';
import { OnboardingProgressSteps } from './OnboardingProgressSteps';
import { Facts, RejectDialog } from './review-parts';
import './onboarding.css';

/**
 * One onboarding submission's own view (ROW_VIEW_ROUTES.onboardingSubmission, opened from a Practice Sign-ups row;
 * decisions.md "Onboarding"): every field as typed (React writes them as text, never markup), the documents to
 * download, and the review: start, approve into one of the reviewer's organisations, or reject with a reason.
 */
export function OnboardingSubmissionScreen() {
  const params = useParams<{ submission_id: string }>();
  const view = useCall(getOnboardingSubmission, { query: { submission_id: Number(params.submission_id) } });
  const answer = view.data;
  if (!answer) return <p className="page-loading">{view.loading ? MSG.loading : MSG.noDataFound}</p>;
  return (
    <SubmissionView submission={answer.data} organizations={answer.organizations} reload={view.reload} />
  );
}

interface SubmissionViewProps {
  readonly submission: OnboardingSubmission;
  readonly organizations: readonly { readonly value: number; readonly label: string }[];
  readonly reload: () => void;
}

function SubmissionView({ submission: s, organizations, reload }: SubmissionViewProps) {
  const api = useApi();
  const [organizationId, setOrganizationId] = useState<number | undefined>(organizations[0]?.value);
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const open = s.status === 'submitted' || s.status === 'in_review';

  const act = async (run: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      const done = await run();
      void showToast({ message: done.message, intent: Intent.SUCCESS });
      setRejecting(false);
      reload();
    } catch {
      // Shown by the error dialog.
    } finally {
      setBusy(false);
    }
  };
  const save = async (documentId: number, fileName: string) => {
    try {
      await downloadFile(getOnboardingDocumentFile, { query: { document_id: documentId } }, fileName);
    } catch (error) {
      if (error instanceof ApiError) void api.showError(error);
    }
  };

  return (
    <section className="record-view" aria-label={`Sign-up ${s.reference}`}>
      <header className="record-view-head">
        <Link href={onboardingSubmissionsList.route} className="record-view-back">
          ← {onboardingSubmissionsList.title}
        </Link>
        <h2 className="record-view-title">
          {s.practice_name} · {s.reference}
        </h2>
        <OnboardingProgressSteps progress={s} />
      </header>
      {open && (
        <RecordSection title="Review">
          <div className="onboarding-actions">
            {s.status === 'submitted' && (
              <Button
                text="Start review"
                loading={busy}
                onClick={() =>
                  void act(() =>
                    api.call(startOnboardingReview, { body: { submission_id: s.submission_id } }),
                  )
                }
              />
            )}
            <FormGroup label="Organization of the new practice" labelFor="onboarding-organization">
              <HTMLSelect
                id="onboarding-organization"
                value={organizationId ?? ''}
                options={organizations.map((o) => ({ value: o.value, label: o.label }))}
                onChange={(e) => setOrganizationId(Number(e.currentTarget.value))}
              />
            </FormGroup>
            <FormGroup>
              <Button
                intent={Intent.SUCCESS}
                text="Approve"
                loading={busy}
                disabled={organizationId === undefined}
                onClick={() =>
                  organizationId !== undefined &&
                  void act(() =>
                    api.call(approveOnboarding, {
                      body: { submission_id: s.submission_id, organization_id: organizationId },
                    }),
                  )
                }
              />
            </FormGroup>
            <FormGroup>
              <Button intent={Intent.DANGER} text="Reject" onClick={() => setRejecting(true)} />
            </FormGroup>
          </div>
        </RecordSection>
      )}
      {s.status === 'approved' && (
        <RecordSection title="Decision">
          <p>
            Approved by {s.decided_by} on {displayDateTime(s.decided_at)}: practice {s.practice_id} in{' '}
            {s.organization_name}.
          </p>
        </RecordSection>
      )}
      {s.status === 'rejected' && (
        <RecordSection title="Decision">
          <p>
            Rejected by {s.decided_by} on {displayDateTime(s.decided_at)}.
          </p>
        </RecordSection>
      )}
      <RecordSection title="Practice">
        <Facts
          rows={[
            ['Name', s.practice_name],
            ['NPI', s.practice_npi],
            ['Address', s.practice_address],
            ['Phone', formatPhone(s.practice_phone)],
          ]}
        />
      </RecordSection>
      <RecordSection title="Contact">
        <Facts
          rows={[
            ['Name', s.contact_name],
            ['Email', s.contact_email],
            ['Phone', formatPhone(s.contact_phone)],
          ]}
        />
      </RecordSection>
      <RecordSection title="Providers">
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>Name</th>
              <th>NPI</th>
              <th>Credential</th>
            </tr>
          </thead>
          <tbody>
            {s.providers.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: providers are positional, with no id of their own
              <tr key={i}>
                <td>{p.name}</td>
                <td>{p.npi}</td>
                <td>{p.credential}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </RecordSection>
      <RecordSection title="Expected patients">
        <Facts rows={ONBOARDING_PROGRAMS.map((p) => [p, String(s.expected_patients[p] ?? 0)] as const)} />
      </RecordSection>
      <RecordSection title="Documents">
        {s.documents.length === 0 ? (
          <p>{MSG.noDataFound}</p>
        ) : (
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th>Document</th>
                <th>File</th>
                <th>Size</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {s.documents.map((d) => (
                <tr key={d.document_id}>
                  <td>{ONBOARDING_DOCUMENT_KINDS[d.kind]}</td>
                  <td>{d.file_name}</td>
                  <td>{formatFileSize(d.size_bytes)}</td>
                  <td>
                    <Button
                      size="small"
                      variant="minimal"
                      icon="download"
                      text="Download"
                      aria-label={`Download ${ONBOARDING_DOCUMENT_KINDS[d.kind]}`}
                      onClick={() => void save(d.document_id, d.file_name)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </RecordSection>
      <RecordSection title="Signature">
        <Facts
          rows={[
            ['Signed by', s.signature_name],
            ['Signed at', displayDateTime(s.signed_at)],
            ['From address', s.signed_ip],
          ]}
        />
      </RecordSection>
      <RejectDialog
        isOpen={rejecting}
        busy={busy}
        onClose={() => setRejecting(false)}
        onReject={(reason) =>
          void act(() => api.call(rejectOnboarding, { body: { submission_id: s.submission_id, reason } }))
        }
      />
    </section>
  );
}
