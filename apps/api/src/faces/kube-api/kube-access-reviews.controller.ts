import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { clusterAsked } from '../../http/scope/cluster-commands';
import { Command } from '../../http/edge/commands';
import { AccessInAnyCluster } from '../../platform/access/route-access';
import { type AccessReviewCommand, selfSubjectAccessReview, selfSubjectRulesReview } from '../../features/access-reviews/access-review-commands';
import { AccessReviewsService } from '../../features/access-reviews/access-reviews.service';
import { kubePaths } from './kube-paths';

/**
 * `kubectl auth can-i` and `kubectl auth whoami`: any key may ask what it may do, in any cluster a
 * path names (the answer says "no" for one it does not hold, rather than refusing the question).
 * Created, as kube-apiserver answers them (201), and kept nowhere. Not in discovery, as kubectl
 * posts them without looking.
 */
@ApiExcludeController()
@Controller()
export class KubeAccessReviewsController {
  constructor(private readonly reviews: AccessReviewsService) {}

  @Post(kubePaths('apis/authorization.k8s.io/v1/selfsubjectaccessreviews'))
  @AccessInAnyCluster('viewer')
  @HttpCode(201)
  review(@Command(clusterAsked) cluster: string, @Command(selfSubjectAccessReview) command: AccessReviewCommand) {
    return this.reviews.review(cluster, command);
  }

  @Post(kubePaths('apis/authorization.k8s.io/v1/selfsubjectrulesreviews'))
  @AccessInAnyCluster('viewer')
  @HttpCode(201)
  rules(@Command(clusterAsked) cluster: string, @Command(selfSubjectRulesReview) { namespace }: { namespace: string }) {
    return this.reviews.rules(cluster, namespace);
  }

  @Post(kubePaths('apis/authentication.k8s.io/v1/selfsubjectreviews'))
  @AccessInAnyCluster('viewer')
  @HttpCode(201)
  whoami() {
    return this.reviews.whoami();
  }
}
