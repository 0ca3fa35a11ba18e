/**
 * Kubernetes' metav1.Time as JSON: RFC 3339 in UTC with whole seconds (Go's time.RFC3339 layout,
 * which metav1.Time.MarshalJSON writes after Time.UTC(), dropping any fraction). Taints'
 * timeAdded, creationTimestamp, deletionTimestamp and every other time taintgate answers.
 */
export const k8sTime = (at: Date | number): string => new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
