import { STATUS_CODES } from 'node:http';
import { HttpException, HttpStatus } from '@nestjs/common';
import { type FieldError, goQuote, invalidObjectMessage } from '@taintgate/domain';
import type { ApiErrorBody, ApiErrorDetail } from './api-error-body';

/** The reason phrase of an HTTP status ("Bad Request", "Not Found", ...), as Node knows it. */
export function reasonPhrase(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? 'Error';
}

/**
 * An error answered as it is: its status, a message worded as kube-apiserver words it, and the
 * bad fields when the request was invalid. Services throw it; ApiExceptionFilter sends its body.
 *
 * It extends HttpException so that anything in Nest that knows HTTP exceptions (filters,
 * interceptors, the default handler when our filter is not installed, e.g. a test module built
 * by hand) still answers with the right status and this body.
 */
export class ApiError extends HttpException {
  readonly statusCode: number;
  readonly details?: readonly ApiErrorDetail[];

  constructor(statusCode: number, message: string, details?: readonly ApiErrorDetail[]) {
    super(bodyOf(statusCode, message, details), statusCode);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    if (details !== undefined) this.details = details;
  }

  /** The JSON answered: `{statusCode, error, message, details?}`. */
  get body(): ApiErrorBody {
    return bodyOf(this.statusCode, this.message, this.details);
  }

  /**
   * An object that failed validation, with kube-apiserver's message (apierrors.NewInvalid:
   * `Node "n1" is invalid: [spec.taints[0].effect: Required value, ...]`) and one detail per
   * bad field. 400 rather than Kubernetes' 422: the contract answers every bad request with 400.
   */
  static invalid(kind: string, name: string, errors: readonly FieldError[]): ApiError {
    return new ApiError(HttpStatus.BAD_REQUEST, invalidObjectMessage(kind, name, errors), detailsOf(errors));
  }

  /** A request that is wrong in a way no single object's validation covers (a bad query, say). */
  static badRequest(message: string, details?: readonly ApiErrorDetail[]): ApiError {
    return new ApiError(HttpStatus.BAD_REQUEST, message, details);
  }

  /**
   * kube-apiserver's wording (apierrors.NewNotFound): the resource, plural and lower-case, then
   * the quoted name: `nodes "n1" not found`, `pods "web-1" not found`. Takes the kind ("Node")
   * and names its resource the way Kubernetes guesses it from a kind.
   */
  static notFound(kind: string, name: string): ApiError {
    return new ApiError(HttpStatus.NOT_FOUND, `${resourceOf(kind)} ${goQuote(name)} not found`);
  }

  /** A request that clashes with what is stored (a taint whose key and effect exist already). */
  static conflict(message: string): ApiError {
    return new ApiError(HttpStatus.CONFLICT, message);
  }
}

function bodyOf(statusCode: number, message: string, details?: readonly ApiErrorDetail[]): ApiErrorBody {
  const body: ApiErrorBody = { statusCode, error: reasonPhrase(statusCode), message };
  if (details !== undefined) body.details = details.map(({ field, reason }) => ({ field, reason }));
  return body;
}

/** One detail per distinct message, as invalidObjectMessage reports each one once. */
function detailsOf(errors: readonly FieldError[]): ApiErrorDetail[] {
  const seen = new Set<string>();
  const details: ApiErrorDetail[] = [];
  for (const { field, reason } of errors) {
    const text = `${field}: ${reason}`;
    if (seen.has(text)) continue;
    seen.add(text);
    details.push({ field, reason });
  }
  return details;
}

/**
 * The resource of a kind, as apimachinery's meta.UnsafeGuessKindToResource names it: lower-case,
 * then "es" after a final s, "ies" in place of a final y, "s" otherwise (Node -> nodes).
 */
export function resourceOf(kind: string): string {
  const singular = kind.toLowerCase();
  if (singular.endsWith('s')) return `${singular}es`;
  if (singular.endsWith('y')) return `${singular.slice(0, -1)}ies`;
  return `${singular}s`;
}
