import { isIP } from 'node:net';
import { isPublicAddress } from '../../common/net/public-address.js';

export const MAX_URL_LENGTH = 2048;

export type FeaturedImageUrlVerdict = { url: string } | { problem: string; limit?: number };

/**
 * A featured-image URL as it is stored, or what is wrong with it. It must be
 * an absolute http or https URL written as a browser reads it (no spaces or
 * control characters), without credentials, on a public host, and at most
 * 2,048 characters as given and as stored. It is stored as the WHATWG URL
 * parser serialises it (what a browser would request: quotes and angle
 * brackets percent-encoded, host lower-cased and IDNA-encoded, dot segments
 * and default ports gone), so it is safe in an attribute or a report as is.
 * The server never fetches it; refusing loopback, private and link-local
 * addresses (the cloud metadata service among them) and local names keeps
 * anyone who does — a report generator, a browser on an office network —
 * from being pointed inside a network by an article. Names are not resolved.
 */
export function featuredImageUrl(given: string): FeaturedImageUrlVerdict {
  const tooLong = {
    problem: `must be at most ${MAX_URL_LENGTH} characters`,
    limit: MAX_URL_LENGTH,
  };
  if (given.length > MAX_URL_LENGTH) return tooLong;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f]/.test(given)) {
    return { problem: 'must not contain spaces or control characters' };
  }
  if (!/^https?:\/\//i.test(given) || !URL.canParse(given)) {
    return { problem: 'must be an absolute http or https URL' };
  }
  const url = new URL(given);
  if (url.username !== '' || url.password !== '')
    return { problem: 'must not contain credentials' };
  if (!isPublicHost(url.hostname)) {
    return {
      problem:
        'must point to a public host (loopback, private, link-local and local names are refused)',
    };
  }
  if (url.href.length > MAX_URL_LENGTH) {
    return { ...tooLong, problem: `${tooLong.problem} once percent-encoded` };
  }
  return { url: url.href };
}

function isPublicHost(hostname: string): boolean {
  const name = hostname.replace(/^\[|\]$/g, '');
  if (isIP(name) !== 0) return isPublicAddress(name);
  return (
    name.includes('.') &&
    name !== 'localhost' &&
    !name.endsWith('.localhost') &&
    !name.endsWith('.internal')
  );
}
