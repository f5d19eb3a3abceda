import type { Request } from 'express';
import { InvalidCredentialsError, MissingCredentialsError } from './auth.errors.js';

/** The key from `Authorization: Bearer` or `X-API-Key`; both with different keys is refused. */
export function credentialFrom(req: Pick<Request, 'headers'>): string {
  const authorization = req.headers.authorization;
  const headerKey = req.headers['x-api-key'];
  let bearer: string | undefined;
  if (typeof authorization === 'string' && authorization.trim() !== '') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match)
      throw new InvalidCredentialsError('The Authorization header must be "Bearer <key>".');
    bearer = match[1];
  }
  const apiKey =
    typeof headerKey === 'string' && headerKey.trim() !== '' ? headerKey.trim() : undefined;
  if (bearer !== undefined && apiKey !== undefined && bearer !== apiKey) {
    throw new InvalidCredentialsError('Authorization and X-API-Key carry different keys.');
  }
  const key = bearer ?? apiKey;
  if (key === undefined) throw new MissingCredentialsError();
  return key;
}
