import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_CODES } from '../errors/error-codes.js';

export class ProtectedLinkDto {
  @ApiProperty({ enum: ['backlink', 'internal'], example: 'backlink' })
  type!: 'backlink' | 'internal';

  @ApiProperty({ example: 'https://partner.example/' })
  href!: string;

  @ApiProperty({ example: 'trusted partner' })
  text!: string;
}

export class FieldProblemDto {
  @ApiProperty({ example: 'per_page' })
  field!: string;

  @ApiProperty({ example: 'must be an integer from 1 to 100' })
  message!: string;
}

export class ErrorResponseDto {
  @ApiProperty({
    enum: ERROR_CODES,
    example: 'article_not_found',
    description: 'Stable snake_case identifier.',
  })
  error!: string;

  @ApiProperty({ example: 'Article 42 does not exist or is not on your account.' })
  message!: string;

  @ApiPropertyOptional({
    type: [ProtectedLinkDto],
    description: 'The protected links involved (protected_links_modified).',
  })
  protected_links?: ProtectedLinkDto[];

  @ApiPropertyOptional({
    type: 'integer',
    description:
      'The limit in force: rate_limited, edit_limit_exceeded, image_too_large (bytes), length violations.',
  })
  limit?: number;

  @ApiPropertyOptional({ type: [FieldProblemDto], description: 'One entry per invalid field.' })
  details?: FieldProblemDto[];
}
