/** What DefaultTolerationSeconds adds to a pod that has no such toleration of its own, as an answer marks it. */
export const defaultTolerationsAdded = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'].map((key) => ({
  key,
  operator: 'Exists',
  effect: 'NoExecute',
  tolerationSeconds: 300,
  addedBy: 'DefaultTolerationSeconds',
}));
