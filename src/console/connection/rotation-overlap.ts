/** The overlaps a person can pick, in hours, with their words: up to 7 days. */
export const OVERLAP_CHOICES: ReadonlyArray<{ hours: number; label: string }> = [
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '1 day' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '7 days' },
];

/** One day: long enough to deploy a new secret, short enough that a leaked one dies soon. */
export const DEFAULT_OVERLAP_HOURS = 24;

/** The overlap the form sent, when it is one of the choices. */
export function readOverlap(value: string): number | undefined {
  return OVERLAP_CHOICES.find((choice) => String(choice.hours) === value)?.hours;
}
