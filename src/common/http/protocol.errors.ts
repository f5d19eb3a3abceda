import { ApiError } from '../errors/api-error.js';

/** A request the service cannot read as HTTP: malformed, or a path that is not percent-encoded UTF-8. */
export class MalformedRequestError extends ApiError {
  constructor(message: string) {
    super(400, 'malformed_request', message);
  }
}

/**
 * A method that the path exists for but does not have (RFC 9110 §15.5.6):
 * `Allow` lists the methods it has, empty when the target is no path of the
 * service at all (a CONNECT to another host).
 */
export class MethodNotAllowedError extends ApiError {
  constructor(method: string, allowed: string[]) {
    const allow = allowed.join(', ');
    super(
      405,
      'method_not_allowed',
      allowed.length > 0
        ? `${method} is not a method of this path; it allows ${allow}.`
        : `${method} is not a method of any path here.`,
      {},
      { Allow: allow },
    );
  }
}

/** A body in a charset or content coding the JSON parser does not read (RFC 9110 §15.5.16). */
export class UnsupportedMediaTypeError extends ApiError {
  constructor(message: string) {
    super(415, 'unsupported_media_type', message);
  }
}
