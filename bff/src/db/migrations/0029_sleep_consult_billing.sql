-- 001 §2.4: the Sleep Billing Report's type 3 bills completed sleep consults, so HST Billing
-- Configuration prices their codes too (shared/src/billing/sleep-codes.ts SLEEP_CONSULT_CPT).
alter table hst_billing_prices drop constraint hst_billing_prices_cpt_code_check;
alter table hst_billing_prices add constraint hst_billing_prices_cpt_code_check check (cpt_code in
  ('95800', '95806', '95810', '95811', '94762', '94010', '99204', '99205', '99213', '99214', 'E0486'));
