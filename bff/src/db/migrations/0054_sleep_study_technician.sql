-- The Sleep Lab's study view (issue 41 §4; decisions.md "Dental case and sleep study views"): who recorded a study.

-- The sleep technologist who ran an in-lab night (or set up a home study); null before it is recorded, and where
-- it was never noted.
alter table sleep_studies add column technician_id integer references users;
create index sleep_studies_technician_id_idx on sleep_studies (technician_id);
