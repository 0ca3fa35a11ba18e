import { Injectable } from '@nestjs/common';
import { type Caller, reviewAccess, rulesOf } from '@taintgate/domain';
import { currentCaller } from '../../platform/access/request-context';
import type { AccessReviewCommand } from './access-review-commands';

/** Whoever asks, as the access hook let them in: anyone when authentication is off. */
const asker = (): Caller => currentCaller() ?? { kind: 'anyone' };

/**
 * What a key may do, asked by the key itself: `kubectl auth can-i` (SelfSubjectAccessReview, and
 * SelfSubjectRulesReview for --list) and `kubectl auth whoami` (SelfSubjectReview). Answered from
 * the key's role and clusters (access-review.ts), as kube-apiserver answers from RBAC.
 */
@Injectable()
export class AccessReviewsService {
  /** The review as sent, with its status: allowed, or denied with the reason kubectl prints. */
  review(cluster: string, { question, spec }: AccessReviewCommand) {
    const verdict = reviewAccess(asker(), cluster, question);
    return {
      kind: 'SelfSubjectAccessReview',
      apiVersion: 'authorization.k8s.io/v1',
      metadata: { creationTimestamp: null },
      spec,
      status: { allowed: verdict.allowed, ...(verdict.denied ? { denied: true } : {}), reason: verdict.reason },
    };
  }

  /** Every resource and URL, with the verbs the key has in the cluster (none in one it does not hold). */
  rules(cluster: string, namespace: string) {
    const { verbs, nonResourceVerbs } = rulesOf(asker(), cluster);
    return {
      kind: 'SelfSubjectRulesReview',
      apiVersion: 'authorization.k8s.io/v1',
      metadata: { creationTimestamp: null },
      spec: namespace === '' ? {} : { namespace },
      status: {
        resourceRules: verbs.length === 0 ? [] : [{ verbs, apiGroups: ['*'], resources: ['*'] }],
        nonResourceRules: nonResourceVerbs.length === 0 ? [] : [{ verbs: nonResourceVerbs, nonResourceURLs: ['*'] }],
        incomplete: false,
      },
    };
  }

  /**
   * Who the key is (`kubectl auth whoami`): its name as the audit trail writes it, its role as a
   * group, and its clusters in `extra`.
   */
  whoami() {
    const caller = asker();
    const userInfo =
      caller.kind === 'anyone'
        ? { username: 'anyone', groups: ['system:unauthenticated'] }
        : {
            username: `apikey:${caller.name}`,
            uid: String(caller.id),
            groups: [`taintgate:${caller.role}`, 'system:authenticated'],
            extra: { 'taintgate.io/clusters': [...caller.clusters] },
          };
    return { kind: 'SelfSubjectReview', apiVersion: 'authentication.k8s.io/v1', metadata: { creationTimestamp: null }, status: { userInfo } };
  }
}
