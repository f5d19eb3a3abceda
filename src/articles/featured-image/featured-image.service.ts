import { Injectable } from '@nestjs/common';
import { ValidationFailedError } from '../../common/errors/api-error.js';
import { MediaService } from '../../media/index.js';
import { InvalidUrlError } from '../edit/article-edits.errors.js';
import { ArticleEditsService, EditContext } from '../edit/article-edits.service.js';
import { ArticlesService } from '../read/articles.service.js';
import type { ArticleWithBodyDto } from '../read/dto/article-with-body.dto.js';
import { featuredImageUrl } from './featured-image-url.js';

/** Exactly one of them: an uploaded file, or the URL of an image elsewhere. */
export type FeaturedImageSource = { image: Buffer } | { url: string };

/**
 * `POST /articles/{id}/featured-image`. A replacement is an edit like any
 * other (ArticleEditsService.apply): If-Match, a revision, the daily count.
 */
@Injectable()
export class FeaturedImageService {
  constructor(
    private readonly articles: ArticlesService,
    private readonly edits: ArticleEditsService,
    private readonly media: MediaService,
  ) {}

  async replace(
    context: EditContext,
    articleId: number,
    source: FeaturedImageSource,
    reason: string | undefined,
  ): Promise<ArticleWithBodyDto> {
    const checked = 'url' in source ? storedUrl(source.url) : undefined;
    // Ownership first: nothing is stored for an article the caller cannot edit.
    await this.edits.assertOwned(context.accountId, articleId);
    const url = 'image' in source ? await this.media.storeImage(source.image) : checked!;
    await this.edits.apply(context, articleId, reason, (current) => ({
      ...current,
      featuredImageUrl: url,
    }));
    return this.articles.getWithBody(context.accountId, articleId);
  }
}

/** The URL as it is stored, or 422 `invalid_url` saying what is wrong with it. */
function storedUrl(given: string): string {
  const verdict = featuredImageUrl(given);
  if ('problem' in verdict) throw new InvalidUrlError(verdict.problem, verdict.limit);
  return verdict.url;
}

/** The source of a request: multipart takes exactly one of `image` and `url`; JSON takes `url`. */
export function featuredImageSource(
  multipart: boolean,
  file: Buffer | undefined,
  url: string | undefined,
): FeaturedImageSource {
  if (file !== undefined && url !== undefined) {
    throw new ValidationFailedError('Invalid request body: send either image or url, not both.', [
      { field: 'image', message: 'must not be sent together with url' },
    ]);
  }
  if (file !== undefined) return { image: file };
  if (url !== undefined) return { url };
  if (!multipart) {
    throw new ValidationFailedError('Invalid request body: url is required.', [
      { field: 'url', message: 'is required' },
    ]);
  }
  throw new ValidationFailedError('Invalid request body: send an image file or a url.', [
    { field: 'image', message: 'is required when url is not sent' },
    { field: 'url', message: 'is required when image is not sent' },
  ]);
}
