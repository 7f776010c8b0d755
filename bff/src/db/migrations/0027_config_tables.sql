-- Insurances Default Amount Table (000 §2.4; decisions.md "Configuration tables"): each price gets an id for the
-- list's stable paging; prices are only added (a new amount from a date), never edited.
alter table insurance_default_amounts add column amount_id integer generated always as identity;
alter table insurance_default_amounts add constraint insurance_default_amounts_amount_id_key unique (amount_id);
