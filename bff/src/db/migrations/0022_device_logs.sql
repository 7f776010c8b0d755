-- The Device Data logs (000 §2.4) show each measurement as the device sent it. The intake keeps
-- the request body beside its hash; messages received before this migration have none (null).
alter table reading_messages add column payload jsonb;
