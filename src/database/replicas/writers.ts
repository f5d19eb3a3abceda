/**
 * Who writes, as read-your-writes tracks them: an API key, an assistant's
 * connection (OAuth), or a person in the console. Each reads what it wrote.
 */
export type Writer = `key:${number}` | `connection:${number}` | `user:${number}`;

export const keyWriter = (keyId: number): Writer => `key:${keyId}`;
export const connectionWriter = (connectionId: number): Writer => `connection:${connectionId}`;
export const userWriter = (userId: number): Writer => `user:${userId}`;
