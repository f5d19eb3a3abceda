import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { MaxChars, NotBlank, OptionalText, REASON } from './edit-fields.js';

export const MAX_BODY_LENGTH = 1_000_000;

/** `PUT /api/v1/articles/{id}`. Unknown fields are refused (422 `validation_failed`). */
@ApiSchema({ name: 'UpdateArticle', description: 'The new title and body of an article.' })
export class UpdateArticleDto {
  @OptionalText({
    max: 255,
    trimmed: true,
    description: 'New title, 1 to 255 characters after trimming. Omitted: the title is kept.',
    example: 'How to bleed a radiator in five minutes',
  })
  title?: string;

  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: MAX_BODY_LENGTH,
    description:
      'The whole new HTML body, within the editor’s allow-list (paragraphs, headings, lists, links, emphasis, quotes, code, tables, images, figures, line breaks). Anything else — script, iframe, object, embed, style, forms, event-handler attributes, `javascript:`/`data:` URLs, a tag left unterminated at the end, elements nested deeper than the server’s limit (256 levels by default; `limit` in the error) — is refused with `body_not_allowed`, never silently stripped. Every element marked `data-service-protected` must be kept unchanged as a browser sees it (it may move); its attributes, even ones outside the allow-list, are kept as stored. Stored as the sanitiser’s serialisation.',
    example:
      '<h2>Before you start</h2><p>Read our <a href="https://partner.example/" data-service-protected="backlink">trusted partner</a> guide first.</p>',
  })
  @IsString()
  @NotBlank()
  @MaxChars(MAX_BODY_LENGTH)
  body!: string;

  @OptionalText(REASON)
  reason?: string;
}
