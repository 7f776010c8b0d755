-- Default amounts for every code the billing engine bills (shared/src/billing/program-codes.ts), so no billed code
-- is priced $0: approximate CY2026 national-average Medicare amounts (APCM from the reference's figures), for an
-- administrator to edit ('Insurances Default Amount Table'); decisions.md "Default amounts of every code".
alter table insurance_default_amounts drop constraint insurance_default_amounts_cpt_code_check;
alter table insurance_default_amounts add constraint insurance_default_amounts_cpt_code_check
  check (cpt_code ~ '^([0-9]{5}|G[0-9]{4})$');
insert into insurance_default_amounts (cpt_code, amount, effective_from) values
  ('99491', 82.16, '2020-01-01'),
  ('99437', 57.58, '2020-01-01'),
  ('99487', 131.65, '2020-01-01'),
  ('99489', 70.52, '2020-01-01'),
  ('99424', 81.85, '2020-01-01'),
  ('99425', 58.60, '2020-01-01'),
  ('99484', 48.89, '2020-01-01'),
  ('99492', 149.98, '2020-01-01'),
  ('99493', 133.58, '2020-01-01'),
  ('99494', 64.72, '2020-01-01'),
  ('98976', 45.12, '2020-01-01'),
  ('98977', 45.12, '2020-01-01'),
  ('98978', 45.12, '2020-01-01'),
  ('G0556', 15.00, '2025-01-01'),
  ('G0557', 49.00, '2025-01-01'),
  ('G0558', 107.00, '2025-01-01'),
  ('98984', 45.12, '2026-01-01'),
  ('98985', 45.12, '2026-01-01'),
  ('98986', 45.12, '2026-01-01'),
  ('98979', 26.25, '2026-01-01'),
  ('G0568', 146.00, '2026-01-01'),
  ('G0569', 130.00, '2026-01-01'),
  ('G0570', 47.50, '2026-01-01');
