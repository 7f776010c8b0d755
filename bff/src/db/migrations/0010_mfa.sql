-- Multi-factor sign-in with TOTP. The secret is stored encrypted (AES-256-GCM, key derived from
-- APP_SECRET: bff/src/auth/mfa.ts); last_step refuses a code already used (RFC 6238 §5.2).
create table user_mfa (
  user_id integer primary key references users on delete cascade,
  secret_enc text not null,
  enrolled_at timestamptz not null,
  last_step integer
);

-- Enrolment under way: the secret the user is adding to an app, until a code confirms it.
create table user_mfa_pending (
  user_id integer primary key references users on delete cascade,
  secret_enc text not null,
  created_at timestamptz not null
);

-- One-time recovery codes, stored as argon2id hashes; used_at set when spent.
create table mfa_recovery_codes (
  id integer generated always as identity primary key,
  user_id integer not null references users on delete cascade,
  code_hash text not null,
  used_at timestamptz
);
create index mfa_recovery_codes_user_idx on mfa_recovery_codes (user_id) where used_at is null;

-- The second step of a sign-in: a short-lived, single-use challenge bound to the user and the client address.
create table mfa_challenges (
  token_hash text primary key,
  user_id integer not null references users on delete cascade,
  client text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index mfa_challenges_expires_at_idx on mfa_challenges (expires_at);
