import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Ending a person's sessions on every replica at once: their session epoch
 * moves on, and every session begun under an earlier one is over at its next
 * request (SignedInUsers compares them). The caller re-stamps the one session
 * that should survive ("sign out everywhere else").
 */
@Injectable()
export class SessionEpochs {
  constructor(private readonly dataSource: DataSource) {}

  /** Moves the person's epoch on; the new epoch. */
  async advance(userId: number): Promise<number> {
    // TypeORM answers an UPDATE … RETURNING with [rows, rowCount].
    const [[row]] = await this.dataSource.query<[Array<{ session_epoch: number }>, number]>(
      `UPDATE users SET session_epoch = session_epoch + 1 WHERE id = $1 RETURNING session_epoch`,
      [userId],
    );
    return row.session_epoch;
  }

  /** Moves every person's epoch on (the operator ending every session); how many people. */
  async advanceAll(): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE users SET session_epoch = session_epoch + 1`,
    );
    return count;
  }
}
