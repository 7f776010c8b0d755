import { z } from 'zod';
import { defineList } from './define-list.js';
import { LIST_ROUTES } from './list-routes.js';

/** One role (tables `roles`, `role_pages`, `user_roles`; 000 §2.4 'Roles Table', §6). */
export const roleRow = z.object({
  role_id: z.number().int(),
  role: z.string(),
  /** How many access-list entries (pages) the role opens. */
  pages: z.number().int(),
  /** How many users hold the role. */
  users: z.number().int(),
  /** What the Access dialog edits; not a column. */
  page_names: z.array(z.string()),
});
export type RoleRow = z.infer<typeof roleRow>;

export const rolesList = defineList({
  name: 'roles',
  title: 'Roles',
  spec: '000 §2.4 Roles Table',
  route: LIST_ROUTES.roles,
  page: 'Roles Table',
  row: roleRow,
  idKey: 'role_id',
  columns: [
    { key: 'role_id', label: 'Role ID', sortable: true },
    { key: 'role', label: 'Role Name', sortable: true },
    { key: 'pages', label: 'Pages', sortable: true, format: 'number' },
    { key: 'users', label: 'Users', sortable: true, format: 'number' },
  ],
  defaultSort: { key: 'role_id', order: 'asc' },
  filters: [],
  searchPlaceholder: 'Search role name',
  exports: ['pdf', 'csv'],
});
