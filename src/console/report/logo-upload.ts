import {
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  type NestMiddleware,
} from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { MAX_LOGO_BYTES } from '../../report/index.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** Why the white-label form's file could not be taken (multer's code); the handler says so. */
    logoUploadError?: string;
  }
}

/** The file field of the white-label form. */
export const LOGO_FIELD = 'logo';

/**
 * Parses the white-label form (multipart/form-data) before the console's
 * guard, so that the guard finds the CSRF token among its fields as in any
 * other form; the logo is held in memory and never past 512 KB. A form it
 * cannot take (a larger file, a second file, a broken body) is not answered
 * here: the problem is left on the request and the handler refuses the form
 * with its page, having changed nothing. The token comes before the file in
 * the form, so it is read even when the file is refused.
 */
@Injectable()
export class LogoUploadMiddleware implements NestMiddleware {
  private readonly parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 8, fieldSize: 4096, parts: 10 },
  }).single(LOGO_FIELD);

  use(req: Request, res: Response, next: NextFunction): void {
    this.parse(req, res, (error?: unknown) => {
      if (error !== undefined && error !== null) {
        req.logoUploadError = error instanceof multer.MulterError ? error.code : 'MALFORMED_BODY';
      }
      next();
    });
  }
}

/** What the form sent as its logo: the file's bytes (null when none was chosen), or why it was refused. */
export type UploadedLogo = { bytes: Buffer | null } | { refused: string };

/** The logo of the white-label form, as a handler parameter. */
export const UploadedLogo = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): UploadedLogo => {
    const req = ctx.switchToHttp().getRequest<Request>();
    if (req.logoUploadError === 'LIMIT_FILE_SIZE') {
      return { refused: 'The logo is larger than 512 KB; it may be at most 512 KB.' };
    }
    if (req.logoUploadError !== undefined) {
      return {
        refused: 'The form could not be read: choose one PNG or SVG file and send it again.',
      };
    }
    return { bytes: req.file?.buffer ?? null };
  },
);
