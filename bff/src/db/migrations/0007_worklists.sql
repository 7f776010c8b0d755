-- The monitoring worklist and My Tasks (spec 000 §2.4 'Monitoring Table', 'My Tasks'): the note an
-- acknowledgement records, and the indexes of the two lists' orders (tests/bench: page 1 and page 500 of a
-- 10,000-patient seed under every sort key). Plain SQL, the same on PostgreSQL and PGlite.

-- What the clinician wrote when acknowledging from the worklist (the chart's acknowledgement has no note).
alter table alerts add column acknowledge_note text check (length(acknowledge_note) between 1 and 1000);

-- The worklist's default order (open alerts by level, critical first, then oldest first, 000 §2.4):
-- read in index order, so page 1 stops after its rows; scanned backwards for the reverse order.
create index alerts_open_triage_idx on alerts (level desc, created_at, alert_id) where acknowledged_at is null;
-- The 'Raised' date-range filter.
create index alerts_created_at_idx on alerts (created_at, alert_id);
