-- A sign-in whose captcha did not verify is recorded apart (verified = false). It counts only against
-- the client address's own, higher budget of unverified attempts, never against a user name, so junk tokens cannot
-- lock anyone out (bff/src/auth/login-limits.ts).
alter table login_failures add column verified boolean not null default true;
create index login_failures_unverified_client_idx on login_failures (client, failed_at) where not verified;

-- A creating call sent again with the same Idempotency-Key (a retry after a lost answer) gets the
-- first answer instead of writing twice. The key row is written in the transaction of the write it guards.
create table idempotency_keys (
  user_id integer not null references users,
  idempotency_key text not null,
  call text not null,
  response jsonb,
  created_at timestamptz not null,
  primary key (user_id, idempotency_key)
);
create index idempotency_keys_created_at_idx on idempotency_keys (created_at);

-- A measurement with a physiologically impossible value (a pulse of 0) is a device error; the task it
-- opened for the care team is kept with the message, so a retry answers with the same task.
alter table reading_messages add column device_task_id integer references tasks;
create index reading_messages_device_task_id_idx on reading_messages (device_task_id);
