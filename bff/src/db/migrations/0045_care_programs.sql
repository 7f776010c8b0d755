-- decisions.md "Minutes belong to one program": the timer, a call's minutes and an enrolment order (its consent)
-- may name every minute-counting program the billing engine bills, not RPM and CCM alone.
alter table activity_timers drop constraint activity_timers_program_check;
alter table activity_timers add constraint activity_timers_program_check
  check (program in ('RPM', 'RTM', 'CCM', 'PCM', 'BHI'));
alter table enrollment_orders drop constraint enrollment_orders_program_check;
alter table enrollment_orders add constraint enrollment_orders_program_check
  check (program in ('RPM', 'RTM', 'CCM', 'PCM', 'BHI'));
