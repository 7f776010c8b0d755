-- Speed of the list pattern's pages (tests/bench/lists.ts): indexes matching the sort
-- expressions of the stores, with the id tie-breaker, so a page is read in index order and stops after its rows.

-- The worklist's triage order as its store writes it (rankSql over the definition's rank: critical first, then
-- oldest first, bff/src/alerts/worklist-store.ts orderOf); replaces 0007's (level desc, ...), which that
-- expression cannot use. `level` is included so the page's ids come from the index alone.
drop index alerts_open_triage_idx;
create index alerts_open_rank_idx
  on alerts ((array_position(array['critical', 'abnormal']::text[], level::text)), created_at, alert_id)
  include (level) where acknowledged_at is null;
-- Open alerts by waiting time (created_at reversed, the id ascending) and by reading time.
create index alerts_open_waiting_idx on alerts (created_at desc, alert_id) where acknowledged_at is null;
create index alerts_open_taken_at_idx on alerts (taken_at, alert_id) where acknowledged_at is null;

-- The patient lists' DOB order.
create index patients_dob_idx on patients (dob, patient_id);
-- The worklist's level and vital filters among open alerts (the count and a short filtered page).
create index alerts_open_vital_idx on alerts (vital_id, level) where acknowledged_at is null;

-- The month figures the patient lists filter and sort by (reading days, minutes), read from the index alone when
-- the lists join a month's summary to 10,000 patients (the summary rows are wide: codes and amounts).
create index patient_month_summary_list_idx on patient_month_summary (month, patient_id)
  include (reading_days, rpm_seconds, ccm_seconds);
