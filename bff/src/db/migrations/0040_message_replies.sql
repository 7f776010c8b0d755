-- Incoming Messages' Reply column and filter (decisions.md "Incoming Messages"): whether a person of the care team
-- texted a number after an inbound text is one probe of this index per text.
create index patient_messages_reply_idx on patient_messages (phone, created_at)
  where direction = 'out' and sender_id is not null;
