import { jobQueue } from '../jobs/index.js';
import type { OutgoingMail } from './mail-message.js';

/**
 * The outgoing messages. A job holds its message, link included, only while
 * it waits: a sent one is deleted a minute later (DELIVERED_KEPT_SECONDS), and
 * one still unsent after a day is dropped — the links it carries last an hour
 * (reset) to 7 days (invitation), and a day-old notice is no news.
 */
export const MAIL_QUEUE = jobQueue<OutgoingMail>('mail-outgoing');

/** First retry after 5 s, then doubling (at most an hour apart): 10 retries span about 1.5 hours. */
export const MAIL_RETRY = { retryLimit: 10, retryDelaySeconds: 5 };
export const DELIVERED_KEPT_SECONDS = 60;
export const UNSENT_KEPT_SECONDS = 24 * 60 * 60;
