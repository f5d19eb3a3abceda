import { ArgumentMetadata, Injectable, PipeTransform, ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import {
  ApiError,
  FieldProblem,
  InvalidParameterError,
  invalidParameterMessage,
  ValidationFailedError,
} from '../errors/api-error.js';
import { nulField } from './nul-field.js';
import { ValidatedQueries } from './validated-queries.js';
import { MAX_DETAILS } from '../errors/error-codes.js';

/**
 * The one validation pipe. Query and path parameters ignore unknown names and
 * fail with 422 `invalid_parameter`; request bodies reject unknown fields and
 * fail with 422 `validation_failed`. Length violations carry `limit`. A NUL
 * character in any query parameter or body field, known or not, is refused
 * first, naming it: PostgreSQL text cannot hold one.
 */
@Injectable()
export class ApiValidationPipe implements PipeTransform {
  private readonly forParameters = new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    exceptionFactory: (errors) => toApiError('invalid_parameter', errors),
  });

  /** Distinct valid query strings remembered per DTO (a few hundred bytes each). */
  private readonly queries = new ValidatedQueries(1_000);

  private readonly forBodies = new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    exceptionFactory: (errors) => toApiError('validation_failed', errors),
  });

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    // Path parameters are parsed by their own pipes (IdParamPipe); converting them here
    // first would let "1e3" or "0x10" through as numbers.
    if (metadata.type === 'param') return value;
    // A custom parameter decorator that reads the body validates it as one (RequestFields).
    const nul = metadata.type === 'custom' ? undefined : nulField(value);
    if (nul !== undefined) {
      const message = 'must not contain NUL characters';
      throw metadata.type === 'body'
        ? new ValidationFailedError(`Invalid request body: ${nul} ${message}`, [
            { field: nul, message },
          ])
        : new InvalidParameterError(nul, message);
    }
    if (metadata.type === 'query' && typeof value === 'object' && value !== null) {
      return this.queries.validate(metadata.metatype, value, () =>
        this.forParameters.transform(value, metadata),
      );
    }
    return (metadata.type === 'body' ? this.forBodies : this.forParameters).transform(
      value,
      metadata,
    );
  }
}

function toApiError(code: 'invalid_parameter' | 'validation_failed', errors: ValidationError[]) {
  const details = flatten(errors).slice(0, MAX_DETAILS);
  const limit = lengthLimit(errors);
  const first = details[0] ?? { field: 'request', message: 'is invalid' };
  const message =
    code === 'invalid_parameter'
      ? invalidParameterMessage(first.field, first.message)
      : `Invalid request body: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`;
  return new ApiError(422, code, message, { details, ...(limit === undefined ? {} : { limit }) });
}

function flatten(errors: ValidationError[], prefix = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = prefix + error.property;
    const own = Object.entries(error.constraints ?? {}).map(([rule, text]) => ({
      field,
      message:
        rule === 'whitelistValidation'
          ? 'is not a known field'
          : stripProperty(text, error.property),
    }));
    return [...dedupe(own), ...flatten(error.children ?? [], `${field}.`)];
  });
}

function dedupe(problems: FieldProblem[]): FieldProblem[] {
  return problems.filter((p, i) => problems.findIndex((q) => q.message === p.message) === i);
}

/** class-validator's default messages start with the property name; the envelope names it in `field`. */
function stripProperty(text: string, property: string): string {
  return text.startsWith(`${property} `) ? text.slice(property.length + 1) : text;
}

function lengthLimit(errors: ValidationError[]): number | undefined {
  for (const error of errors) {
    const context = error.contexts?.maxLength as { limit?: number } | undefined;
    if (context?.limit !== undefined) return context.limit;
    if (error.constraints?.maxLength) {
      const match = /(\d+)/.exec(error.constraints.maxLength);
      if (match) return Number(match[1]);
    }
  }
  return undefined;
}
