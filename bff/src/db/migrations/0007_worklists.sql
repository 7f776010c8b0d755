-- The monitoring worklist and My Tasks (issue 10; spec 000 §2.4 'Monitoring Table', 'My Tasks'): the note an
-- acknowledgement records, and the indexes of the two lists' orders (tests/bench: page 1 and page 500 of a
-- 10,000-patient seed under every sort key). Plain SQL, the same on PostgreSQL and PGlite.

-- What the clinician wrote when acknowledging from the worklist (the chart's acknowledgement has no note).
alter table alerts add column acknowledge_note text check (length(acknowledge_note) between 1 and 1000);
