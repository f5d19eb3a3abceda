/** Who a message is for: the address, and the display name to greet (null: the address). */
export interface Recipient {
  address: string;
  name: string | null;
}

/** A message as a template writes it: the same words as plain text and as simple HTML. */
export interface MailContent {
  /** What the message is (`passwordReset`, `invitation`…): the operation in the activity log. */
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A message waiting in the queue. It is stored as a job until sent, so it
 * holds its link: see MAIL_QUEUE for how briefly.
 */
export interface OutgoingMail extends MailContent {
  to: Recipient;
  /** Whose activity log records it; null for a message about no account. */
  accountId: number | null;
  userId: number | null;
}
