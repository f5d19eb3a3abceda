import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsString, ValidateIf } from 'class-validator';
import { MAX_IMAGE_BYTES } from '../../../media/index.js';
import { MAX_URL_LENGTH } from '../featured-image-url.js';
import { ArticleDto } from '../../read/dto/article.dto.js';
import { OptionalText, REASON } from '../../edit/dto/edit-fields.js';

/**
 * The text fields of `POST /api/v1/articles/{id}/featured-image`, from a
 * JSON body or a multipart form alike; the file itself arrives apart. What
 * makes a URL acceptable is checked later, as `invalid_url`.
 */
export class FeaturedImageFieldsDto {
  @ApiPropertyOptional({
    type: String,
    format: 'uri',
    maxLength: MAX_URL_LENGTH,
    example: 'https://cdn.example/images/radiator.jpg',
  })
  @ValidateIf((_object, value) => value !== undefined)
  @IsString()
  url?: string;

  @OptionalText(REASON)
  reason?: string;
}

const REASON_DOC = {
  type: String,
  maxLength: REASON.max,
  description: REASON.description,
  example: REASON.example,
};

/** The JSON request body (documentation only; FeaturedImageFieldsDto validates). */
@ApiSchema({ name: 'FeaturedImageUrl', description: 'A new featured image given by its address.' })
export class FeaturedImageJsonDto {
  @ApiProperty({
    type: String,
    format: 'uri',
    maxLength: MAX_URL_LENGTH,
    description:
      'Absolute http or https URL of the image on a public host, without credentials; stored as the WHATWG URL parser writes it (quotes and angle brackets percent-encoded), never fetched.',
    example: 'https://cdn.example/images/radiator.jpg',
  })
  url!: string;

  @ApiPropertyOptional(REASON_DOC)
  reason?: string;
}

/** The multipart/form-data request body: exactly one of `image` and `url`. */
@ApiSchema({
  name: 'FeaturedImageForm',
  description:
    'A new featured image, uploaded or given by its address: exactly one of image and url.',
})
export class FeaturedImageMultipartDto {
  @ApiPropertyOptional({
    type: String,
    format: 'binary',
    maxLength: MAX_IMAGE_BYTES,
    description: `The image file: JPEG, PNG, WebP, GIF or AVIF (judged by its bytes), at most ${MAX_IMAGE_BYTES} bytes. Send this or url.`,
  })
  image?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uri',
    maxLength: MAX_URL_LENGTH,
    description:
      'Absolute http or https URL of the image on a public host, instead of a file; stored as the WHATWG URL parser writes it, never fetched.',
  })
  url?: string;

  @ApiPropertyOptional(REASON_DOC)
  reason?: string;
}

@ApiSchema({
  name: 'FeaturedImageResponse',
  description: 'The article with its new featured image.',
})
export class FeaturedImageResponseDto {
  @ApiProperty({ type: ArticleDto, description: 'The article with its new featured_image_url.' })
  data!: ArticleDto;
}
