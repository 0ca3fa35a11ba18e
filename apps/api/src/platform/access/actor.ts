import { currentController, currentRequest } from './request-context';

/** Who an audit row says did it, and from which request: the columns every audit row fills. */
export interface ActorColumns {
  actor: string;
  actorKeyId: bigint | null;
  requestId: string | null;
  clientAddress: string | null;
}

/**
 * The actor of what is being written now: the API key of the request being answered
 * (`apikey:ci`), `anyone` when authentication is off, or `system:<controller>` for the service's
 * own work (`system:taint-eviction-controller` for an eviction falling due,
 * `system:pod-garbage-collector`), which answers no request; `system` for work of no controller
 * (the service's start).
 */
export function currentActor(): ActorColumns {
  const request = currentRequest();
  if (!request) {
    const controller = currentController();
    return { actor: controller ? `system:${controller}` : 'system', actorKeyId: null, requestId: null, clientAddress: null };
  }
  const { caller } = request;
  return {
    actor: caller.kind === 'apiKey' ? `apikey:${caller.name}` : 'anyone',
    actorKeyId: caller.kind === 'apiKey' ? caller.id : null,
    requestId: request.requestId,
    clientAddress: request.clientAddress,
  };
}
