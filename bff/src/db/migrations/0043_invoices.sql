-- Invoices (000 §2.4 'Invoices'; decisions.md "Invoices"): a practice's invoice for one month, its lines a snapshot
-- of the month's billed codes (billing_period_codes) grouped by code, and the credit notes that cancel invoices.
-- Both are immutable once issued: a correction is a credit note, then a new invoice.

create table invoices (
  invoice_id integer generated always as identity primary key,
  organization_id integer not null references organizations,
  kind text not null check (kind in ('invoice', 'credit_note')),
  -- decisions.md "Invoice numbers": 'INV-2026-000123' / 'CN-2026-000007', the sequence per organisation and kind.
  number text not null check (number ~ '^(INV|CN)-[0-9]{4}-[0-9]{6,}$'),
  sequence integer not null check (sequence > 0),
  practice_id integer not null references practices,
  -- The first day of the month invoiced.
  month date not null check (extract(day from month) = 1),
  issued_at timestamptz not null,
  issued_by integer not null references users,
  -- The sum of the lines; negative on a credit note.
  total_cents bigint not null,
  -- A credit note: the invoice it cancels, and why.
  credits_invoice_id integer references invoices,
  reason text check (length(reason) between 1 and 500),
  -- An invoice issued after a credit note: the credited invoice it replaces.
  replaces_invoice_id integer references invoices,
  constraint invoices_number_key unique (organization_id, number),
  constraint invoices_sequence_key unique (organization_id, kind, sequence),
  constraint invoices_credit_check check (
    (kind = 'credit_note') = (credits_invoice_id is not null)
    and (kind = 'credit_note') = (reason is not null)
    and (kind = 'invoice' or replaces_invoice_id is null))
);
-- One credit note per invoice; each credited invoice replaced once.
create unique index invoices_credits_idx on invoices (credits_invoice_id) where credits_invoice_id is not null;
create unique index invoices_replaces_idx on invoices (replaces_invoice_id) where replaces_invoice_id is not null;
-- The first invoice of a practice and month is the only one that replaces nothing (the store checks the rest).
create unique index invoices_first_idx on invoices (practice_id, month)
  where kind = 'invoice' and replaces_invoice_id is null;
create index invoices_list_idx on invoices (organization_id, issued_at);
create index invoices_practice_idx on invoices (practice_id, month);
create index invoices_issued_by_idx on invoices (issued_by);

-- One line per code and program billed: the units, the practice's patients billed it, its price and amount.
create table invoice_lines (
  invoice_id integer not null references invoices,
  line_no integer not null check (line_no > 0),
  rule_id text not null,
  code text not null,
  description text not null,
  program text not null,
  units integer not null,
  patients integer not null check (patients > 0),
  unit_cents integer not null check (unit_cents >= 0),
  amount_cents bigint not null,
  primary key (invoice_id, line_no)
);

-- Immutable once issued (decisions.md "Invoices"): no update, delete or truncate of either table.
create function invoices_refuse_change() returns trigger
  language plpgsql
  as $$
begin
  raise exception '% is immutable once issued: % refused', tg_table_name, tg_op
    using errcode = 'insufficient_privilege';
end
$$;
create trigger invoices_no_change before update or delete on invoices
  for each row execute function invoices_refuse_change();
create trigger invoices_no_truncate before truncate on invoices
  for each statement execute function invoices_refuse_change();
create trigger invoice_lines_no_change before update or delete on invoice_lines
  for each row execute function invoices_refuse_change();
create trigger invoice_lines_no_truncate before truncate on invoice_lines
  for each statement execute function invoices_refuse_change();
