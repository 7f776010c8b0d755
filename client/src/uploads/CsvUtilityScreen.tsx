import { Button } from '@blueprintjs/core';
import { csvUtilityList, UPLOAD_CALLS, UPLOAD_KIND_INFO, UPLOAD_KINDS } from '@rpm/shared';
import { Link } from 'wouter';
import { ApiError } from '../api/api-error';
import { downloadFile } from '../api/download';
import { useApi } from '../errors/ErrorDialogProvider';
import { ListScreen } from '../list/ListScreen';
import { useSession } from '../session/SessionProvider';
import './uploads.css';

/**
 * CSV Utility (000 §2.4 'CSV Utility'; decisions.md "CSV uploads"): the templates and pages of the kinds the user
 * may upload, and the uploads' history as a list of the pattern; a row opens the upload's summary on its page,
 * with its error report.
 */
export function CsvUtilityScreen() {
  const { user } = useSession();
  const api = useApi();
  const kinds = UPLOAD_KINDS.filter((kind) => user?.pages.includes(UPLOAD_KIND_INFO[kind].page));
  return (
    <>
      <div className="upload-toolbar">
        {kinds.map((kind) => (
          <span key={kind} className="upload-kind-links">
            <Button
              icon="download"
              text={`${UPLOAD_KIND_INFO[kind].label} template`}
              onClick={() =>
                void downloadFile(UPLOAD_CALLS[kind].template, {}, UPLOAD_KIND_INFO[kind].template).catch(
                  (error: unknown) => (error instanceof ApiError ? api.showError(error) : undefined),
                )
              }
            />
            <Link href={UPLOAD_KIND_INFO[kind].route}>
              Upload {UPLOAD_KIND_INFO[kind].label.toLowerCase()}
            </Link>
          </span>
        ))}
      </div>
      <ListScreen def={csvUtilityList} />
    </>
  );
}
