import { createHash } from 'node:crypto';
import { PATIENT_UPLOAD_COLUMNS, UPLOAD_KIND_INFO, type UploadKind } from '@rpm/shared';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import type { Db, UploadStatusColumn } from '../schema.js';

/**
 * The demo's upload history of the CSV Utility (decisions.md "CSV uploads"): each user who may upload made a few
 * uploads over the last weeks, committed, previewed with a problem, and rejected. No random draws.
 */

const HOURS = 3_600_000;

/** A small file of a kind, as an upload keeps it, with its column map. */
function file(kind: UploadKind, user: number, n: number) {
  const columns = UPLOAD_KIND_INFO[kind].columns;
  const cells =
    kind === 'patients'
      ? (i: number): Record<string, string> => ({
          MRN: `D${user}-${n}-${i}`,
          'First Name': ['Ana', 'Ben', 'Cora'][i] as string,
          'Last Name': 'Demo',
          'Date of Birth': i === 2 && n % 3 === 1 ? '02/30/1950' : `0${i + 1}/15/195${i}`,
          Sex: 'F',
          'Preferred Language': 'English',
          'Diagnosis Codes': 'I10',
          'RPM Status': 'Consented',
        })
      : (i: number): Record<string, string> => ({
          'IMEI or Serial': `SN-DEMO-${user}-${n}-${i}`,
          'Device Type': 'Blood Pressure',
          'Device Name': 'Cellular BP Monitor BP-800',
          Vendor: 'Acme Medical',
        });
  const rows = [0, 1, 2].map((i) => columns.map((c) => cells(i)[c.header] ?? ''));
  return stringify([columns.map((c) => c.header), ...rows], { record_delimiter: 'windows' });
}

export async function seedUploads(trx: Db, today: Date): Promise<void> {
  const uploaders = await trx
    .selectFrom('users as u')
    .innerJoin('user_roles as r', 'r.user_id', 'u.user_id')
    .select(['u.user_id', 'r.role_id'])
    .distinct()
    .where('r.role_id', 'in', [1, 2, 20])
    .orderBy('u.user_id')
    .orderBy('r.role_id')
    .limit(40)
    .execute();
  const values = uploaders.flatMap(({ user_id, role_id }, u) =>
    [1, 2, 3].map((n) => {
      const kind: UploadKind = role_id === 20 || (role_id === 1 && n === 3) ? 'devices' : 'patients';
      const problem = kind === 'patients' && n % 3 === 1;
      const status: UploadStatusColumn = problem ? (n === 1 ? 'previewed' : 'rejected') : 'committed';
      const content = file(kind, user_id, n);
      return {
        kind,
        user_id,
        organization_id: null,
        file_name: `${kind}-${String(n).padStart(2, '0')}.csv`,
        content,
        size_bytes: Buffer.byteLength(content),
        sha256: createHash('sha256').update(content).digest('hex'),
        column_map: JSON.stringify({
          fields: UPLOAD_KIND_INFO[kind].columns.map((c, i) => [c.field, i]),
          headers: UPLOAD_KIND_INFO[kind].columns.map((c) => c.header),
          ignored: [],
        }),
        outcomes: problem ? 'nni' : 'nnn',
        status,
        uploaded_at: new Date(today.getTime() - (u * 3 + n) * 29 * HOURS),
        committed_at:
          status === 'previewed' ? null : new Date(today.getTime() - (u * 3 + n) * 29 * HOURS + HOURS),
        all_or_nothing: status === 'previewed' ? null : status === 'rejected',
        update_existing: status === 'previewed' ? null : false,
        total_rows: 3,
        new_rows: problem ? 2 : 3,
        update_rows: 0,
        unchanged_rows: 0,
        duplicate_rows: 0,
        invalid_rows: problem ? 1 : 0,
        created_rows: status === 'committed' ? 3 : 0,
      };
    }),
  );
  if (values.length === 0) return;
  await trx.insertInto('uploads').values(values).execute();
  const dob = PATIENT_UPLOAD_COLUMNS.find((c) => c.field === 'dob')?.header ?? '';
  await sql`insert into upload_problems (upload_id, row_number, column_name, message)
    select upload_id, 4, ${dob}, 'Enter a date of birth as MM/DD/YYYY, not in the future'
    from uploads where invalid_rows > 0`.execute(trx);
}
