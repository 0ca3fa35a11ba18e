import type { ExplainedAdmission } from '@taintgate/domain';

/**
 * A pod as admitted, as placement and taint impact answer it: its tolerations, each that admission
 * added marked with the step that added it (`addedBy: DefaultTolerationSeconds`), so a user sees
 * why a pod with no toleration of its own may go to a tainted node or stays 300 s on one; and what
 * admission took away, if anything.
 */
export function admissionAnswer({ tolerations, removed }: ExplainedAdmission) {
  return {
    tolerations: tolerations.map(({ toleration, addedBy }) => (addedBy ? { ...toleration, addedBy } : toleration)),
    ...(removed.length ? { removed: removed.map(({ toleration, by }) => ({ ...toleration, removedBy: by })) } : {}),
  };
}
