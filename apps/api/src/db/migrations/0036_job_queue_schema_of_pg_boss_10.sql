-- The job queue runs on pg-boss 10 (Node 20, decision 0197), whose schema is version 24. A
-- database that ran pg-boss 12 holds a newer one, which 10 cannot read: it is dropped, and pg-boss
-- creates its own at the next start. Jobs are only triggers (decision 0060): what is due stays in
-- the tables of each use-case and the next sweeps find it.
DO $$
BEGIN
  IF to_regclass('pgboss.version') IS NOT NULL THEN
    IF (SELECT max(version) FROM pgboss.version) > 24 THEN
      EXECUTE 'DROP SCHEMA pgboss CASCADE';
    END IF;
  END IF;
END $$;
