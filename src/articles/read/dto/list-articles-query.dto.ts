import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { DateRangePageQueryDto } from '../../../common/dto/date-range-query.dto.js';
import { ARTICLE_STATUS_EXAMPLES } from './article.dto.js';

/** Longer than any status the platform writes; bounds what a filter may ask for. */
const MAX_STATUS_LENGTH = 255;

export class ListArticlesQueryDto extends DateRangePageQueryDto {
  @ApiPropertyOptional({
    type: String,
    maxLength: MAX_STATUS_LENGTH,
    example: 'published',
    description: `Exact, case-sensitive match on the stored status. Values the platform writes: ${ARTICLE_STATUS_EXAMPLES.join(', ')}.`,
  })
  @IsOptional()
  @IsString({ message: 'must be a single string' })
  @MaxLength(MAX_STATUS_LENGTH, { message: `must be at most ${MAX_STATUS_LENGTH} characters` })
  status?: string;
}
