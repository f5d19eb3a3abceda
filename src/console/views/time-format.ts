/**
 * The console's one way of writing a time: a day and a clock in a time zone.
 * The zone is the signed-in person's (TimeZone, provided by Layout); UTC
 * unless they chose one.
 */
export const DEFAULT_TIME_ZONE = 'UTC';

export interface ShownTime {
  /** `2026-11-29` */
  day: string;
  /** `04:05` or, with seconds, `04:05:09` */
  clock: string;
  /** `UTC`, or the zone's short name (`CET`, `GMT+1`). */
  zone: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string, seconds: boolean): Intl.DateTimeFormat {
  const name = `${zone} ${seconds}`;
  let format = formats.get(name);
  if (!format) {
    // en-GB names zones as people read them (CET, not GMT+1) where a name exists.
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formats.set(name, format);
  }
  return format;
}

export function showTime(
  value: Date,
  options: { zone?: string; seconds?: boolean } = {},
): ShownTime {
  const zone = options.zone ?? DEFAULT_TIME_ZONE;
  const parts = Object.fromEntries(
    formatIn(zone, options.seconds ?? false)
      .formatToParts(value)
      .map((part) => [part.type, part.value]),
  );
  const clock = `${parts.hour}:${parts.minute}${options.seconds ? `:${parts.second}` : ''}`;
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    clock,
    zone: zone === 'UTC' ? 'UTC' : (parts.timeZoneName ?? zone),
  };
}
