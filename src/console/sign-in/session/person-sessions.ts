import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { SessionData } from 'express-session';
import { DataSource } from 'typeorm';
import { SessionEpochs, UserDirectory } from '../../../users/index.js';
import { SESSION_IDLE_MS } from './session-data.js';

/** One of a person's signed-in sessions, as the sessions page shows it. */
export interface PersonSession {
  /** A hash of the session id: the id itself never leaves the server. */
  id: string;
  userAgent: string | null;
  clientAddress: string | null;
  signedInAt: Date | null;
  lastSeenAt: Date;
  current: boolean;
}

/**
 * A person's sessions in console_sessions (connect-pg-simple's rows, the
 * person in `sess`), to list and end. Ending goes through the person's
 * session epoch (SessionEpochs) as well as deleting rows: a request of the
 * ended session already under way could store its row again, but never
 * with a current epoch. "Last seen" is read from the row's expiry, which
 * every request moves to 12 hours on (idle timeout) at most once a minute
 * (ThrottledTouch): nothing more is written to know it.
 */
@Injectable()
export class PersonSessions {
  constructor(
    private readonly dataSource: DataSource,
    private readonly people: UserDirectory,
    private readonly epochs: SessionEpochs,
  ) {}

  async list(req: Request, userId: number): Promise<PersonSession[]> {
    const holder = await this.people.sessionHolder(userId);
    const rows = await this.rows(userId);
    return rows
      .filter((row) => holder !== null && row.sess.sessionEpoch === holder.session_epoch)
      .map((row) => ({
        id: publicId(row.sid),
        userAgent: row.sess.userAgent ?? null,
        clientAddress: row.sess.clientAddress ?? null,
        signedInAt: row.sess.signedInAt === undefined ? null : new Date(row.sess.signedInAt),
        lastSeenAt: new Date(new Date(row.expire).getTime() - SESSION_IDLE_MS),
        current: row.sid === req.sessionID,
      }))
      .sort(
        (a, b) =>
          Number(b.current) - Number(a.current) || b.lastSeenAt.getTime() - a.lastSeenAt.getTime(),
      );
  }

  /** Ends one of the person's sessions, by its public id; false when there is no such session. */
  async end(userId: number, id: string): Promise<boolean> {
    const row = (await this.rows(userId)).find((candidate) => publicId(candidate.sid) === id);
    if (row === undefined) return false;
    await this.dataSource.query(`DELETE FROM console_sessions WHERE sid = $1`, [row.sid]);
    return true;
  }

  /** Ends every session of the person but this request's, which carries on under the new epoch. */
  async endOthers(req: Request, userId: number): Promise<void> {
    req.session.sessionEpoch = await this.epochs.advance(userId);
    await this.dataSource.query(
      `DELETE FROM console_sessions WHERE sess ->> 'userId' = $1 AND sid <> $2`,
      [String(userId), req.sessionID],
    );
  }

  /** Ends every session of the person (an owner signing a member out). */
  async endAll(userId: number): Promise<void> {
    await this.epochs.advance(userId);
    await this.dataSource.query(`DELETE FROM console_sessions WHERE sess ->> 'userId' = $1`, [
      String(userId),
    ]);
  }

  private rows(userId: number) {
    return this.dataSource.query<Array<{ sid: string; sess: SessionData; expire: string }>>(
      `SELECT sid, sess, expire FROM console_sessions
        WHERE sess ->> 'userId' = $1 AND expire > now()`,
      [String(userId)],
    );
  }
}

function publicId(sid: string): string {
  return createHash('sha256').update(sid).digest('base64url').slice(0, 22);
}
