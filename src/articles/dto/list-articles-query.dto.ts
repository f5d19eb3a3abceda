import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { DateRangePageQueryDto } from '../../common/dto/date-range-query.dto.js';
import { ARTICLE_STATUS_EXAMPLES } from './article.dto.js';

export class ListArticlesQueryDto extends DateRangePageQueryDto {
  @ApiPropertyOptional({
    example: 'published',
    description: `Exact, case-sensitive match on the stored status. Values the platform writes: ${ARTICLE_STATUS_EXAMPLES.join(', ')}.`,
  })
  @IsOptional()
  @IsString({ message: 'must be a single string' })
  status?: string;
}
