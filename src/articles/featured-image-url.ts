export const MAX_URL_LENGTH = 2048;

/**
 * What is wrong with a featured-image URL, if anything: it must be an
 * absolute http(s) URL of at most 2,048 characters, written as the browser
 * will read it (no spaces or control characters). It is stored as given and
 * never fetched by the server.
 */
export function urlProblem(url: string): { problem: string; limit?: number } | undefined {
  if (url.length > MAX_URL_LENGTH) {
    return { problem: `must be at most ${MAX_URL_LENGTH} characters`, limit: MAX_URL_LENGTH };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f]/.test(url)) {
    return { problem: 'must not contain spaces or control characters' };
  }
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) {
    return { problem: 'must be an absolute http or https URL' };
  }
  return undefined;
}
