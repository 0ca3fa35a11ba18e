import { FieldPath, failure, fieldError } from '@taintgate/domain';
import { fail } from '../../platform/failures/failure.exception';

/**
 * PLACE_TOGETHER_MAX_PODS: a question places at most so many pods together, a turn of the scheduler
 * each (draining 1,000 nodes moves 30,000 pods). Past it, `mode: together` asked is refused, and a
 * question with no mode asked is answered without a placement; the taint impact and the drain plan
 * say so in the same words.
 */

/** What a question past the bound can ask instead. */
export const askInstead = 'ask for fewer nodes, or mode alone';

/** The words for `count` pods (`what`: "evicted pods", "pods on these nodes") past the bound `max`; undefined within it. */
export function overTogetherBound(count: number, what: string, max: number): string | undefined {
  return count <= max ? undefined : `${count} ${what} are more than the ${max} placed together at most (PLACE_TOGETHER_MAX_PODS)`;
}

/** Refuses `mode: together` past the bound: a 400 naming `mode`, with what to ask instead. */
export function refuseTogether(over: string): never {
  return fail(failure.badFields([fieldError.forbidden(FieldPath.root().child('mode'), `${over}: ${askInstead}`)]));
}
