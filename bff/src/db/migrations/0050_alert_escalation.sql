-- decisions.md "Alert escalation": an alert unacknowledged for its level's minutes goes to the next tier of the
-- chain (shared/src/api/alert-policy.ts ESCALATION_CHAIN); the minutes are a practice setting.
alter table practices
  add column escalation_critical_minutes integer not null default 15
    check (escalation_critical_minutes between 1 and 1440),
  add column escalation_abnormal_minutes integer not null default 240
    check (escalation_abnormal_minutes between 1 and 10080);

alter table alerts
  -- The last tier reached (0: none yet).
  add column escalation_tier smallint not null default 0 check (escalation_tier between 0 and 3),
  add column escalated_at timestamptz;
-- The job's scan: open alerts with tiers left.
create index alerts_escalation_idx on alerts (created_at) where acknowledged_at is null and escalation_tier < 3;
