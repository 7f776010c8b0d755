-- Issue 11 #1: a sign-in whose captcha did not verify is recorded apart (verified = false). It counts only against
-- the client address's own, higher budget of unverified attempts, never against a user name, so junk tokens cannot
-- lock anyone out (bff/src/auth/login-limits.ts).
alter table login_failures add column verified boolean not null default true;
create index login_failures_unverified_client_idx on login_failures (client, failed_at) where not verified;
