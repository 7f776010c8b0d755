import { z } from 'zod';
import { STAFF_TABLES, type StaffTable } from '../staff/staff-roles.js';
import { defineList } from './define-list.js';

/** One staff member of a staff table (000 §2.4). */
export const staffRow = z.object({
  user_id: z.number().int(),
  name: z.string(),
  username: z.string(),
  mobile: z.string().nullable(),
  organization_name: z.string().nullable(),
  practices: z.string(),
  status: z.enum(['Active', 'Inactive']),
  created_at: z.string(),
  // The Edit dialog's values; not columns. DOB as YYYY-MM-DD, '' when unknown.
  firstname: z.string(),
  lastname: z.string(),
  dob: z.string(),
  phone: z.string(),
  fax: z.string(),
});
export type StaffRow = z.infer<typeof staffRow>;

/**
 * The list of one staff table: the users holding the table's role in the organisations the viewer belongs to
 * (decisions.md "Staff table roles"). One declaration for the twelve tables.
 */
function staffList(table: StaffTable) {
  return defineList({
    name: table.name,
    title: table.title,
    spec: '000 §2.4, §2.7 (Users menu)',
    route: `/app/${table.name}`,
    page: table.page,
    row: staffRow,
    idKey: 'user_id',
    columns: [
      { key: 'name', label: 'Name', sortable: true },
      { key: 'username', label: 'Username', sortable: true },
      { key: 'mobile', label: 'Mobile', format: 'phone' },
      { key: 'organization_name', label: 'Organization', sortable: true },
      { key: 'practices', label: 'Practices' },
      { key: 'status', label: 'Status', sortable: true },
      { key: 'created_at', label: 'Created', sortable: true, format: 'date' },
    ],
    defaultSort: { key: 'name', order: 'asc' },
    filters: [
      {
        key: 'status',
        label: 'Status',
        options: [
          { label: 'Active', value: 'Active' },
          { label: 'Inactive', value: 'Inactive' },
        ],
      },
      { key: 'organization', label: 'Organization', multi: true },
    ],
    defaultFilters: { status: 'Active' },
    searchPlaceholder: 'Search name or username',
    exports: ['pdf', 'csv'],
  });
}

export type StaffListDef = ReturnType<typeof staffList>;

/** The twelve staff tables' lists by name (000 §2.7 Users menu). */
export const STAFF_LISTS = Object.fromEntries(
  STAFF_TABLES.map((table) => [table.name, staffList(table)]),
) as Record<StaffTable['name'], StaffListDef>;
