import { createParamDecorator, ExecutionContext, Injectable, PipeTransform } from '@nestjs/common';
import type { Request } from 'express';
import { InvalidParameterError } from '../../common/errors/api-error.js';
import { parseEntityTags } from '../../common/http/entity-tags.js';

export const MAX_IF_MATCH_LENGTH = 1_024;

const HEADER = 'If-Match';
const EXPECTED =
  'must be * or the article’s ETag in double quotes, exactly as GET /api/v1/articles/{id} returned it (e.g. "q3k9Xw2b7Yt0pLmN4cVh8sR1aZe"); several tags are separated by commas';
const WEAK =
  'holds a weak entity-tag (W/"…"), which never matches: If-Match uses strong comparison (RFC 9110 §13.1.1), the exact bytes of the current version. Send the ETag exactly as GET /api/v1/articles/{id} returned it, without W/';

/**
 * An If-Match header a write can act on, else 422 `invalid_parameter` naming
 * the header: a value that is no entity-tag list (say, a tag without its
 * quotes) or a weak tag would otherwise be refused as 412 "the article has
 * changed", which would be false. The raw header goes on to the write path.
 */
@Injectable()
export class IfMatchPipe implements PipeTransform<string | undefined, string | undefined> {
  transform(value: string | undefined): string | undefined {
    if (value === undefined) return undefined;
    if (value.length > MAX_IF_MATCH_LENGTH) {
      throw new InvalidParameterError(
        HEADER,
        `must be at most ${MAX_IF_MATCH_LENGTH} characters`,
        MAX_IF_MATCH_LENGTH,
      );
    }
    const list = parseEntityTags(value);
    if (list === undefined) throw new InvalidParameterError(HEADER, EXPECTED);
    if (!list.any && list.tags.some((tag) => tag.weak)) {
      throw new InvalidParameterError(HEADER, WEAK);
    }
    return value;
  }
}

const ifMatchHeader = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | undefined =>
    context.switchToHttp().getRequest<Request>().get(HEADER),
);

/** The request's If-Match, checked by IfMatchPipe (`@Headers()` takes no pipe). */
export const IfMatch = () => ifMatchHeader(IfMatchPipe);
