import { ApiProperty } from '@nestjs/swagger';
import { ProtectedLinkDto } from '../../common/dto/error-response.dto.js';
import { ArticleDto } from './article.dto.js';

export class ArticleWithBodyDto extends ArticleDto {
  @ApiProperty({
    example:
      '<p>Start with the <a href="https://partner.example/" data-service-protected="backlink">trusted partner</a>.</p>',
    description: 'HTML. Protected links carry the attribute data-service-protected.',
  })
  body!: string;

  @ApiProperty({
    type: [ProtectedLinkDto],
    description:
      'The inserted backlink anchors and internal links of the body, in document order. An edit must keep each of them unchanged.',
  })
  protected_links!: ProtectedLinkDto[];
}

export class ArticleResponseDto {
  @ApiProperty({ type: ArticleWithBodyDto })
  data!: ArticleWithBodyDto;
}
