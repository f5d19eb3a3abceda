import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { MAX_ID } from '../http/id-param.pipe.js';
import { ERROR_CODES, ERROR_CODE_PATTERN, MAX_DETAILS } from '../errors/error-codes.js';

@ApiSchema({
  name: 'ProtectedLink',
  description: 'An inserted backlink anchor or internal link of an article body.',
})
export class ProtectedLinkDto {
  @ApiProperty({ enum: ['backlink', 'internal'], example: 'backlink' })
  type!: 'backlink' | 'internal';

  @ApiProperty({ type: String, example: 'https://partner.example/', description: 'As stored.' })
  href!: string;

  @ApiProperty({
    type: String,
    example: 'trusted partner',
    description: 'As stored, whitespace collapsed.',
  })
  text!: string;
}

@ApiSchema({ name: 'FieldProblem', description: 'What is wrong with one parameter or field.' })
export class FieldProblemDto {
  @ApiProperty({ type: String, example: 'per_page', description: 'The parameter or field.' })
  field!: string;

  @ApiProperty({ type: String, example: 'must be an integer from 1 to 100' })
  message!: string;
}

@ApiSchema({ name: 'ErrorResponse', description: 'Every error of the API.' })
export class ErrorResponseDto {
  @ApiProperty({
    type: String,
    pattern: ERROR_CODE_PATTERN,
    maxLength: 64,
    example: 'article_not_found',
    description: `A stable snake_case identifier: branch on it, not on the message. An open set: a later version may add identifiers, so treat one you do not know by its HTTP status. Today: ${ERROR_CODES.map((code) => `\`${code}\``).join(', ')}.`,
  })
  error!: string;

  @ApiProperty({
    type: String,
    example: 'Article 42 does not exist or is not on your account.',
    description: 'What went wrong, for a person; the wording may change.',
  })
  message!: string;

  @ApiPropertyOptional({
    type: [ProtectedLinkDto],
    description:
      'The protected links involved (`protected_links_modified`): those removed or rewritten, as stored, then those added.',
  })
  protected_links?: ProtectedLinkDto[];

  @ApiPropertyOptional({
    type: 'integer',
    format: 'int32',
    minimum: 1,
    maximum: MAX_ID,
    description:
      'The limit in force: `rate_limited`, `edit_limit_exceeded`, `image_too_large` and `headers_too_large` (bytes), length violations.',
  })
  limit?: number;

  @ApiPropertyOptional({
    type: [FieldProblemDto],
    maxItems: MAX_DETAILS,
    description: `One entry per invalid parameter or field (the first ${MAX_DETAILS}).`,
  })
  details?: FieldProblemDto[];
}
