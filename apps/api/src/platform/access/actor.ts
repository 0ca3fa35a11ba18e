import { currentRequest } from './request-context';

/** Who an audit row says did it, and from which request: the columns every audit row fills. */
export interface ActorColumns {
  actor: string;
  actorKeyId: bigint | null;
  requestId: string | null;
  clientAddress: string | null;
}

/**
 * The actor of what is being written now: the API key of the request being answered
 * (`apikey:ci`), `anyone` when authentication is off, or `system` for the service's own work (an
 * eviction falling due, the pod garbage collector), which answers no request.
 */
export function currentActor(): ActorColumns {
  const request = currentRequest();
  if (!request) return { actor: 'system', actorKeyId: null, requestId: null, clientAddress: null };
  const { caller } = request;
  return {
    actor: caller.kind === 'apiKey' ? `apikey:${caller.name}` : 'anyone',
    actorKeyId: caller.kind === 'apiKey' ? caller.id : null,
    requestId: request.requestId,
    clientAddress: request.clientAddress,
  };
}
