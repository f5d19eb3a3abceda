import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ProtectedLinkDto } from '../../../common/dto/error-response.dto.js';
import { ArticleDto } from './article.dto.js';

@ApiSchema({
  name: 'ArticleWithBody',
  description: 'An article with its HTML body and its protected links.',
})
export class ArticleWithBodyDto extends ArticleDto {
  @ApiProperty({
    type: String,
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

@ApiSchema({ name: 'ArticleResponse', description: 'One article with its body.' })
export class ArticleResponseDto {
  @ApiProperty({ type: ArticleWithBodyDto })
  data!: ArticleWithBodyDto;
}
