-- Transcript Queues (000 §2.4 'Billing Utility' transcript-queues; issue 42 §1; decisions.md "Transcript Queues"):
-- one transcript per recording of a patient's call, queued when the recording ends, assigned to someone, and
-- completed with its text, which joins the patient's notes. Its patient, kind and number are the call's
-- (call_records), so a merge or a caller named later is followed without a copy here.

-- A recording: an agent's answered or placed call that lasted, or a voicemail, once ended and with a patient whose
-- notes its transcript can join. Missed calls, callbacks and unattended calls record nothing.
create function call_has_recording(c call_records) returns boolean
  language sql
  immutable
  as $$
  select c.patient_id is not null and c.ended_at is not null
    and (c.kind = 'voicemail'
      or (c.kind = 'regular' and c.outcome in ('Accepted', 'Called') and c.duration_seconds > 0))
$$;

create table transcripts (
  transcript_id integer generated always as identity primary key,
  call_id integer not null unique references call_records,
  -- When the recording ended: the queue's order.
  recorded_at timestamptz not null,
  status text not null default 'queued' check (status in ('queued', 'assigned', 'completed')),
  assignee_id integer references users,
  assigned_by integer references users,
  assigned_at timestamptz,
  -- The text as written (TRANSCRIPT_MAX), and the note it became.
  transcript text check (length(transcript) between 1 and 4800),
  note_id integer unique references patient_notes,
  completed_by integer references users,
  completed_at timestamptz,
  constraint transcripts_assigned_check check (
    (assignee_id is null) = (assigned_at is null) and (assignee_id is null) = (assigned_by is null)),
  -- Queued: nobody's yet; assigned: someone's; completed: by its assignee, with its text and note.
  constraint transcripts_state_check check (case status
    when 'queued' then assignee_id is null and completed_at is null
    when 'assigned' then assignee_id is not null and completed_at is null
    else assignee_id = completed_by and completed_at is not null and transcript is not null and note_id is not null
    end)
);
-- The queue's default order: the open ones, oldest recording first.
create index transcripts_status_recorded_idx on transcripts (status, recorded_at, transcript_id);
create index transcripts_recorded_idx on transcripts (recorded_at, transcript_id);
create index transcripts_assignee_id_idx on transcripts (assignee_id);
create index transcripts_assigned_by_idx on transcripts (assigned_by);
create index transcripts_completed_by_idx on transcripts (completed_by);

-- A call's recording is queued when it ends with a patient, or when its caller is named later (setCallPatient).
create function queue_transcript() returns trigger
  language plpgsql
  as $$
begin
  if call_has_recording(new) then
    insert into transcripts (call_id, recorded_at) values (new.call_id, new.ended_at)
      on conflict (call_id) do nothing;
  end if;
  return null;
end
$$;
create trigger call_records_transcript after insert or update of ended_at, patient_id on call_records
  for each row execute function queue_transcript();

-- The recordings made before this migration.
insert into transcripts (call_id, recorded_at)
select c.call_id, c.ended_at from call_records c where call_has_recording(c) order by c.call_id;
