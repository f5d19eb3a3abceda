import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../dto/error-response.dto.js';
import { ApiIdParam } from './id-param.decorator.js';

/** Documented error responses, one per status, each with the envelope schema. */
export const ApiInvalidParameterResponse = (
  description = 'A query or path parameter is invalid (`invalid_parameter`).',
) => ApiResponse({ status: 422, description, type: ErrorResponseDto });

export const ApiNotFoundResponse = (description: string) =>
  ApiResponse({ status: 404, description, type: ErrorResponseDto });

/** The 422 of a list filtered by `from`/`to`. */
export const ApiInvalidDateRangeListResponse = () =>
  ApiInvalidParameterResponse(
    'A query or path parameter is invalid (`invalid_parameter`), `from` is later than `to` (`invalid_date_range`), or `page`/`per_page` come with a CSV export (`conflicting_parameters`).',
  );

/** An operation under /sites/{id}: the website id, and its 404 when the site is not the caller's. */
export const ApiSiteScoped = () =>
  applyDecorators(
    ApiIdParam('Website id.'),
    ApiNotFoundResponse('The website does not exist or is not on your account (`site_not_found`).'),
  );
