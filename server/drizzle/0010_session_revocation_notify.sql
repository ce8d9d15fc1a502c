-- Session cache (server/src/modules/accounts/sessions.ts): every instance keeps validated sessions
-- for a few seconds; a statement that revokes sessions (logout, password change or reset, an
-- operator by hand) tells every instance at commit, so a revoked token is refused everywhere at
-- once. Logins and the hourly sliding refresh do not set revoked_at and send nothing.
CREATE TRIGGER "member_sessions_revoke_notify" AFTER UPDATE OF "revoked_at" ON "member_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "portal_cache_notify"('sessions');
