import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../dto/error-response.dto.js';

/** Documented error responses, one per status, each with the envelope schema. */
export const ApiInvalidParameterResponse = (
  description = 'A query or path parameter is invalid (`invalid_parameter`).',
) => ApiResponse({ status: 422, description, type: ErrorResponseDto });

export const ApiNotFoundResponse = (description: string) =>
  ApiResponse({ status: 404, description, type: ErrorResponseDto });
