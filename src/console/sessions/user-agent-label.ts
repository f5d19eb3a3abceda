import Bowser from 'bowser';

/** "Chrome 131 on macOS 14.5" from a user agent; "Unknown browser" when there is none to read. */
export function userAgentLabel(userAgent: string | null): { browser: string; system: string } {
  if (userAgent === null || userAgent === '')
    return { browser: 'Unknown browser', system: 'Unknown system' };
  const parsed = Bowser.parse(userAgent);
  const version = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${version ? ` ${version}` : ''}`
    : 'Unknown browser';
  const os = parsed.os.name
    ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : parsed.os.version ? ` ${parsed.os.version}` : ''}`
    : 'Unknown system';
  return { browser, system: os };
}
