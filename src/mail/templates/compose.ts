import type { MailContent } from '../mail-message.js';

/** A button-like link in the HTML and a bare address on a line of its own in the text. */
export interface MailAction {
  label: string;
  url: string;
}

export interface MailParts {
  kind: string;
  subject: string;
  /** The person's display name, or their address when they have none. */
  greet: string;
  /** Paragraphs before the action, as plain sentences. */
  lead: string[];
  action?: MailAction;
  /** Paragraphs after it: how long a link works, what to do if it was not you. */
  after?: string[];
  /** The account (agency) the message is about, named in the signature. */
  accountName: string | null;
}

/**
 * Writes one message twice, as plain text and as simple HTML with the same
 * words: no images, no styles from elsewhere, no tracking pixel or
 * rewritten links — the link in the message is the link the person follows.
 */
export function composeMail(parts: MailParts): MailContent {
  const after = parts.after ?? [];
  const signature = parts.accountName ? `content-api, for ${parts.accountName}` : 'content-api';
  const text = [
    `Hello ${parts.greet},`,
    ...parts.lead,
    ...(parts.action ? [`${parts.action.label}:\n${parts.action.url}`] : []),
    ...after,
    `— ${signature}`,
  ].join('\n\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a; max-width: 36em">',
    paragraph(`Hello ${parts.greet},`),
    ...parts.lead.map(paragraph),
    ...(parts.action
      ? [
          `<p><a href="${escapeHtml(parts.action.url)}" style="display: inline-block; padding: 0.5em 1em; background: #1d4ed8; color: #ffffff; text-decoration: none; border-radius: 4px">${escapeHtml(parts.action.label)}</a></p>`,
          `<p style="font-size: 0.9em; color: #555">Or open this address: ${escapeHtml(parts.action.url)}</p>`,
        ]
      : []),
    ...after.map(paragraph),
    `<p style="color: #555">— ${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('\n');
  return { kind: parts.kind, subject: parts.subject, text, html };
}

/** Every character that could end an HTML text or attribute value. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
