import { AsyncLocalStorage } from 'node:async_hooks';
import { asyncLocalStorage, requestContext } from '@fastify/request-context';
import type { Caller } from '@taintgate/domain';
import type { RouteToken } from './route-access';

/**
 * What the service knows about the request it is answering, for the audit trail: who is calling,
 * fastify's request id (the one its log lines carry) and the client's address. Held in the
 * request's async context (@fastify/request-context), so that a write deep in a service records
 * its actor without every method passing it along. Work of the service's own (the eviction worker,
 * the pod garbage collector) runs outside any request and has none.
 */
export interface RequestFacts {
  caller: Caller;
  requestId: string;
  clientAddress: string;
}

declare module '@fastify/request-context' {
  interface RequestContextData {
    facts: RequestFacts;
    /** A request let in by a route's own token (the scrape token), which names no key. */
    token: RouteToken;
  }
}

/** The request being answered, or undefined in the service's own work. */
export const currentRequest = (): RequestFacts | undefined => requestContext.get('facts');

/** The controller whose work is being done now (asController), or undefined. */
const controllers = new AsyncLocalStorage<string>();
export const currentController = (): string | undefined => controllers.getStore();

/**
 * Runs a controller's work (a pass, a queued wake-up) as that controller, outside the context of
 * whatever request woke it: a request that asks a controller to pass at once (a write that nudges
 * the reaper) must not have the pass's writes audited as its own, nor its later passes, which the
 * pass's timers would otherwise carry on in the request's async context.
 */
export function asController<T>(controller: string, work: () => T): T {
  return asyncLocalStorage.exit(() => controllers.run(controller, work));
}

/**
 * The caller of the graphql-ws operation being run: a socket's operations run outside any HTTP
 * request, so the socket's caller is carried in a context of its own (socket-access.ts).
 */
const socketCallers = new AsyncLocalStorage<Caller>();

/** Runs a socket's operation (the resolver's subscribe) as the caller the socket was admitted as. */
export const asSocketCaller = <T>(caller: Caller, work: () => T): T => socketCallers.run(caller, work);

/**
 * Who is being answered now: the request's caller, or the socket's whose operation runs; undefined
 * in the service's own work (a controller's pass, a command run from a shell), which answers no one.
 */
export const currentCaller = (): Caller | undefined => currentRequest()?.caller ?? socketCallers.getStore();
