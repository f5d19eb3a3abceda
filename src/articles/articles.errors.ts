import { ApiError } from '../common/errors/api-error.js';

export class ArticleNotFoundError extends ApiError {
  constructor(articleId: number) {
    super(
      404,
      'article_not_found',
      `Article ${articleId} does not exist or is not on your account.`,
    );
  }
}
