import { HttpException } from '@nestjs/common';
import type { Failure, Result } from '@taintgate/domain';
import { restAnswerOf, statusOf } from './failure-answers';

/**
 * A Failure thrown out of a service or a parser: the one exception the app throws on purpose.
 * It extends HttpException so that anything in Nest that knows HTTP exceptions still answers with
 * the right status and the contract's body, even where our filter is not installed.
 */
export class FailureException extends HttpException {
  constructor(readonly failure: Failure) {
    super(restAnswerOf(failure), statusOf(failure.reason));
    this.name = 'FailureException';
    this.message = failure.message;
  }
}

/** Throws the failure; for code that has decided the request cannot go on. */
export function fail(failure: Failure): never {
  throw new FailureException(failure);
}

/** The value of a Result, or its failure thrown. */
export function valueOf<T>(result: Result<T, Failure>): T {
  if (!result.ok) throw new FailureException(result.error);
  return result.value;
}
