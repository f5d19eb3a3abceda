import { Injectable } from '@nestjs/common';
import { AccountsService } from '../../auth/index.js';
import { type MailContent, Mailer, type Recipient } from '../../mail/index.js';

/** Who a message is about: the person (their name and address) and their account. */
export interface MailSubject {
  id: number;
  account_id: number;
  email: string;
  name: string | null;
}

/**
 * The console's messages about people's accounts, sent through Mailer with
 * the person's name and their account's, and recorded in that account's
 * activity log.
 */
@Injectable()
export class AccountMail {
  constructor(
    private readonly mailer: Mailer,
    private readonly accounts: AccountsService,
  ) {}

  /** False without SMTP_URL: messages reach only the server log, so owners are shown links. */
  get configured(): boolean {
    return this.mailer.configured;
  }

  /**
   * Writes the message with `write` (given the recipient and account name) and
   * queues it to `address` (the person's own unless given: a new email address).
   */
  async send(
    person: MailSubject,
    write: (about: { to: Recipient; accountName: string | null }) => MailContent,
    address: string = person.email,
  ): Promise<void> {
    const account = await this.accounts.find(person.account_id);
    const to = { address, name: person.name };
    await this.mailer.send({
      to,
      accountId: person.account_id,
      userId: person.id,
      content: write({ to, accountName: account?.name ?? null }),
    });
  }
}
