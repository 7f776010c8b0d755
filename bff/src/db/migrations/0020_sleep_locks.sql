-- 000 §3, §4.11: the sleep-test lock as a lease. One holder per study (the primary key); the token
-- is a fencing token from a sequence, so every new lease of any study has a larger one than all before it, and a
-- save carrying an older token is refused. A lease lapses at expires_at unless its holder's socket renews it.
create sequence sleep_study_lock_tokens;

create table sleep_study_locks (
  study_id integer primary key references sleep_studies,
  user_id integer not null references users,
  token bigint not null unique default nextval('sleep_study_lock_tokens'),
  taken_at timestamptz not null,
  expires_at timestamptz not null,
  check (expires_at > taken_at)
);
create index sleep_study_locks_user_id_idx on sleep_study_locks (user_id);
