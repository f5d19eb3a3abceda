/** The IANA zones this Node knows (its ICU data), and UTC, which it lists under other names. */
let zones: ReadonlySet<string> | undefined;

export function timeZones(): ReadonlySet<string> {
  zones ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return zones;
}

export function isTimeZone(value: string): boolean {
  return timeZones().has(value);
}
