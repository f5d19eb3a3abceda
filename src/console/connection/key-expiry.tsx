import type { FC } from 'hono/jsx';
import { formatDay } from '../../common/dates.js';
import { Time } from '../views/components.js';

const MS_PER_DAY = 86_400_000;

/**
 * The last day a key works, when its expiry is a UTC midnight (as the form
 * and `keys create --expires` make it: the midnight after the day chosen);
 * otherwise undefined, for an expiry set to another instant.
 */
export function lastDayOf(expiresAt: Date | string): string | undefined {
  const time = new Date(expiresAt).getTime();
  return time % MS_PER_DAY === 0 ? formatDay(time - MS_PER_DAY) : undefined;
}

/**
 * A key's expiry as the person chose it: the last day it works (`2026-12-31`),
 * never the instant after it; an expiry at another time of day is shown as
 * that time. `sentence` words it for a line of text: "works through 2026-12-31 (UTC)".
 */
export const KeyExpiry: FC<{ value: Date | string | null; empty: string; sentence?: boolean }> = ({
  value,
  empty,
  sentence = false,
}) => {
  if (value === null) return <span class="muted">{empty}</span>;
  const day = lastDayOf(value);
  if (day === undefined)
    return (
      <span>
        {sentence ? 'works until ' : ''}
        <Time value={value} />
      </span>
    );
  return (
    <time datetime={day} title={`Works through ${day}, until midnight UTC`} class="nowrap">
      {sentence ? `works through ${day} (UTC)` : day}
    </time>
  );
};
