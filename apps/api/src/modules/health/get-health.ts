/**
 * GET /api/health — liveness: 200 while the process runs and its event loop answers. It does not
 * ask the database: during a database outage every replica would fail it together and be
 * restarted by the orchestrator for nothing (the pool reconnects by itself when the database is
 * back). /api/ready says whether the process can serve (database, Redis, storage); decision 63.
 */
export const getHealth = () => ({ status: 'ok' as const });
