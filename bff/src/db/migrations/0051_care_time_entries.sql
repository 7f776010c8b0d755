-- Issue 41 §2 (decisions.md "Care time entries"): each logged minute says what kind of work it was and whether it
-- was an interactive contact (which 99457/99470 need); a manual entry is the only kind a person may edit or delete.
alter table time_logs
  add column category text,
  add column interactive boolean not null default false,
  add column manual boolean not null default false,
  add column updated_at timestamptz;
-- The billing engine's interactive-contact fact reads these per patient-month.
create index time_logs_interactive_idx on time_logs (patient_id, logged_at) where interactive;

-- decisions.md "Care timer": a timer pauses when its user goes idle; paused time is never logged.
alter table activity_timers
  add column paused_at timestamptz,
  add column paused_seconds integer not null default 0 check (paused_seconds >= 0);
