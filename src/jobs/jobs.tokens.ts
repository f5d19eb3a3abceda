/** Injection token: the URL of the PostgreSQL the queue keeps its jobs in (the service's own). */
export const JOB_QUEUE_DATABASE_URL = Symbol('JOB_QUEUE_DATABASE_URL');
