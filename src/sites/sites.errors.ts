import { ApiError } from '../common/errors/api-error.js';

export class SiteNotFoundError extends ApiError {
  constructor(siteId: number) {
    super(404, 'site_not_found', `Site ${siteId} does not exist or is not on your account.`);
  }
}
