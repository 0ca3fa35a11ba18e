import type { DomainSettings, Failure, Result } from '@taintgate/domain';

/** The parts of an HTTP request an operation may read: the route's params, the query string, the body. */
export interface RestRequest {
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
  body: unknown;
  /** The request's headers (the Kubernetes API reads Accept). */
  headers?: Record<string, string | string[] | undefined>;
}

/**
 * One operation's edge: `parse` turns its named inputs (REST's params, query and body, or
 * GraphQL's arguments, both as one record of untrusted values) into the typed command the
 * service takes, or a Failure naming the bad fields. REST (CommandPipe) and GraphQL
 * (Commands.parse) call the same `parse`; `rest` only says where REST finds each input.
 */
export interface Operation<C> {
  readonly rest: (request: RestRequest) => Record<string, unknown>;
  readonly parse: (input: Record<string, unknown>, settings: DomainSettings) => Result<C, Failure>;
  /**
   * The cluster the command names, which the caller's key must hold (cluster-access.ts): said by
   * the operations that name one (cluster-commands.ts), checked by Commands.parse on every face.
   */
  // A method, not a function property: a method's parameter is bivariant, so that any Operation<C> is still an Operation<unknown> where a decorator takes one.
  clusterOf?(command: C): string | undefined;
}

export const operation = <C>(definition: Operation<C>): Operation<C> => definition;

/** For operations whose inputs are the fields of the JSON body, as GraphQL's arguments are. */
export const fromBody = ({ body }: RestRequest): Record<string, unknown> => body as Record<string, unknown>;
