import type { DatabasePooler, ReplicaConfig } from '../../config/app-config.js';

/** Injection token: the replicas this process reads from (none for the CLI) and how. */
export const REPLICA_SETTINGS = Symbol('REPLICA_SETTINGS');

export interface ReplicaSettings extends ReplicaConfig {
  pooler: DatabasePooler;
}
