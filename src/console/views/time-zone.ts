import { createContext } from 'hono/jsx';

/**
 * The signed-in person's time zone, for every time a page shows: Layout
 * provides it, Time reads it, so no page passes it down by hand.
 */
export const TimeZone = createContext('UTC');
