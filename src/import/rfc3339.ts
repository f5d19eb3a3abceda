const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * An RFC 3339 timestamp (`2026-10-02T09:00:00Z`, `2026-10-02T11:00:00.5+02:00`)
 * as milliseconds since the epoch, or undefined when it is not one: a real
 * calendar date and time of day with an explicit offset. Leap seconds are not
 * accepted (PostgreSQL cannot store them).
 */
export function parseRfc3339(value: string): number | undefined {
  const match = TIMESTAMP.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const offsetHours = match[9] === undefined ? 0 : Number(match[9]);
  const offsetMinutes = match[10] === undefined ? 0 : Number(match[10]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  if (year < 1 || monthDays === undefined || day < 1 || day > monthDays) return undefined;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) {
    return undefined;
  }
  // Date.UTC reads years 0–99 as 1900–1999; setUTCFullYear does not.
  const midnight = new Date(Date.UTC(2000, month - 1, day)).setUTCFullYear(year);
  const millis = match[7] === undefined ? 0 : Math.floor(Number(`0${match[7]}`) * 1000);
  const offset = (match[8] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  return midnight + ((hour * 60 + minute) * 60 + second) * 1000 + millis - offset;
}
