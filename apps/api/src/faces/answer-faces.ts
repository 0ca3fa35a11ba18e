import type { FaceOfUrl } from '../platform/failures/failure-answers';
import { isGraphqlPath } from './graphql/graphql-path';
import { isKubeApiPath } from './kube-api/kube-paths';

/**
 * The face a request's URL belongs to, for failures answered before any handler runs (a refused
 * key, a body too large, a path that matched no route): the Kubernetes API's paths answer
 * metav1.Status, GraphQL's answers `{errors: [...]}`, every other path REST's body.
 */
export const faceOfUrl: FaceOfUrl = (url) => (isKubeApiPath(url) ? 'kubernetes' : isGraphqlPath(url) ? 'graphql' : 'rest');
