-- Member cache (server/src/modules/accounts/users.ts): every instance keeps what member-user/get
-- answers for a few seconds; a statement that changes a member row (a payment's credit, usage, a
-- certification, a profile or password change, an operator by hand) tells every instance at commit
-- which member changed, so none shows an old balance or name. One notification per changed row;
-- PostgreSQL folds duplicates within a transaction.
CREATE OR REPLACE FUNCTION "member_cache_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_cache', 'member:' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "member_users_cache_notify" AFTER UPDATE OR DELETE ON "member_users" FOR EACH ROW EXECUTE FUNCTION "member_cache_notify"();
