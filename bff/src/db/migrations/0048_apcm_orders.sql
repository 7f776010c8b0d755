-- decisions.md "Billing period results": APCM bills by enrolment, recorded as an enrolment order of the program
-- with the patient's consent (shared/src/api/chart-orders.ts ORDER_PROGRAMS).
alter table enrollment_orders drop constraint enrollment_orders_program_check;
alter table enrollment_orders add constraint enrollment_orders_program_check
  check (program in ('RPM', 'RTM', 'CCM', 'PCM', 'BHI', 'APCM'));
