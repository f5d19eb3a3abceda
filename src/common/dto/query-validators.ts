import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min, ValidateBy, ValidationOptions } from 'class-validator';
import { isDay } from '../dates.js';

const MAX_INT32 = 2_147_483_647;

/**
 * Query-string validators that document themselves. Each pairs the
 * class-validator rule with its OpenAPI description so the two cannot drift.
 */

/** A whole number in [min, max]. Only plain digits convert; "1.5", "1e2" and " 3" stay invalid. */
export function IntegerQuery(options: {
  min: number;
  max: number;
  default: number;
  description: string;
}) {
  const message = `must be an integer from ${options.min} to ${options.max}`;
  return applyDecorators(
    ApiPropertyOptional({
      type: 'integer',
      format: options.max > MAX_INT32 ? 'int64' : 'int32',
      minimum: options.min,
      maximum: options.max,
      default: options.default,
      description: options.description,
    }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value,
    ),
    IsInt({ message }),
    Min(options.min, { message }),
    Max(options.max, { message }),
  );
}

export function IsCalendarDay(validationOptions?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isCalendarDay',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isDay(value),
        defaultMessage: () => 'must be a calendar date YYYY-MM-DD',
      },
    },
    validationOptions,
  );
}

/** An optional calendar day `YYYY-MM-DD` (UTC), inclusive. */
export function DayQuery(description: string) {
  return applyDecorators(
    ApiPropertyOptional({
      type: 'string',
      format: 'date',
      maxLength: 10,
      example: '2026-11-01',
      description,
    }),
    IsOptional(),
    IsCalendarDay(),
  );
}
