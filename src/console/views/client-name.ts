import Bowser from 'bowser';

/** A user agent no browser's name is read from is shown up to this many characters. */
const SHORT_AGENT = 40;

/**
 * A user agent in a few words, for lists: a browser as `Chrome 131 · macOS`,
 * anything else (a script, an assistant, `curl/8.5.0`) as its own start.
 * The whole string is on the call's own page.
 */
export function clientName(userAgent: string): string {
  const { browser, os } = Bowser.parse(userAgent);
  if (browser.name && os.name) {
    const major = browser.version?.split('.')[0];
    return `${browser.name}${major ? ` ${major}` : ''} · ${os.name}`;
  }
  return userAgent.length > SHORT_AGENT ? `${userAgent.slice(0, SHORT_AGENT)}…` : userAgent;
}
