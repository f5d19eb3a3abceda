/** Response headers that several operations document, each with its exact shape. */

const SECONDS = { type: 'integer', format: 'int32', minimum: 0, maximum: 86_400 } as const;

export const RETRY_AFTER = {
  description:
    'Seconds until the request may succeed (at most a day: the edit limit resets at midnight UTC).',
  schema: SECONDS,
};

export const WWW_AUTHENTICATE = {
  description: 'The Bearer challenge.',
  schema: {
    type: 'string',
    pattern: '^Bearer ',
    maxLength: 1_024,
    example: 'Bearer realm="content-api"',
  },
};
