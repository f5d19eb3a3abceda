import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, ValidateBy, ValidateIf } from 'class-validator';

/**
 * Rules on string fields that leave any other type to IsString, so a missing
 * or non-string field gets one message ("must be a string") rather than
 * every rule's, and never a `limit` it did not break.
 */
function StringRule(
  name: string,
  test: (value: string) => boolean,
  message: string,
  constraints: unknown[] = [],
) {
  return ValidateBy({
    name,
    constraints,
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || test(value),
      defaultMessage: () => message,
    },
  });
}

/** Named `maxLength` so the validation pipe reports `limit`. */
export const MaxChars = (max: number) =>
  StringRule('maxLength', (value) => value.length <= max, `must be at most ${max} characters`, [
    max,
  ]);

export const NotBlank = () =>
  StringRule('notBlank', (value) => /\S/.test(value), 'must not be blank');

/**
 * An optional string field of a write: when sent it must be a string (null
 * is not) within `max` characters (NUL is refused for every field by
 * ApiValidationPipe). Pairs validation and
 * documentation so the two cannot drift.
 */
export function OptionalText(options: {
  max: number;
  description: string;
  example: string;
  trimmed?: boolean;
}) {
  return applyDecorators(
    ApiPropertyOptional({
      type: String,
      maxLength: options.max,
      ...(options.trimmed ? { minLength: 1 } : {}),
      description: options.description,
      example: options.example,
    }),
    ...(options.trimmed
      ? [
          Transform(({ value }: { value: unknown }) =>
            typeof value === 'string' ? value.trim() : value,
          ),
          NotBlank(),
        ]
      : []),
    ValidateIf((_object, value) => value !== undefined),
    IsString(),
    MaxChars(options.max),
  );
}

export const REASON = {
  max: 2000,
  description: 'Why the change was made; kept with the revision.',
  example: 'Refreshed the intro for 2026.',
};
