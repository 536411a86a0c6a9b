-- A change to what the route guard reads of a caller (plugins/auth.repository.ts callerSql: the user,
-- their roles, their teacher record, their signed-in sessions) is told on channel 'auth_changed' at
-- commit, the user's id as payload ('*': all of them, a TRUNCATE): the guard's per-process caller cache
-- (plugins/auth-cache.ts) forgets that user then. A trigger, so no writer can forget to tell it.
CREATE FUNCTION "auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('auth_changed', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND to_jsonb(OLD) ->> TG_ARGV[0] IS NOT NULL THEN
    PERFORM pg_notify('auth_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP <> 'DELETE' AND to_jsonb(NEW) ->> TG_ARGV[0] IS NOT NULL THEN
    PERFORM pg_notify('auth_changed', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed"('id');--> statement-breakpoint
CREATE TRIGGER "users_auth_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_changed"('id');--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_truncated" AFTER TRUNCATE ON "user_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_changed"('user_id');--> statement-breakpoint
-- A session's "last seen" moving on (at most once a minute per device) changes nothing the guard decides.
CREATE TRIGGER "user_sessions_auth_changed" AFTER INSERT OR DELETE ON "user_sessions"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "user_sessions_auth_updated" AFTER UPDATE ON "user_sessions"
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION "auth_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "user_sessions_auth_truncated" AFTER TRUNCATE ON "user_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "teachers_auth_changed" AFTER INSERT OR UPDATE OF "user_id" OR DELETE ON "teachers"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "teachers_auth_truncated" AFTER TRUNCATE ON "teachers"
  FOR EACH STATEMENT EXECUTE FUNCTION "auth_changed"('user_id');
