/**
 * The words of the placement summary: `current` as kube-scheduler has said it since
 * kubernetes/kubernetes#134740 (1.35, and 1.34 patch releases): `node(s) had untolerated taint(s)`;
 * `legacy` as earlier releases said it, naming the first untolerated taint of each node:
 * `node(s) had untolerated taint {dedicated: gpu}`.
 */
export const summaryWordings = ['current', 'legacy'] as const;
export type SummaryWording = (typeof summaryWordings)[number];

/**
 * The knobs Kubernetes exposes as feature gates, admission plugin switches and flags.
 * The app reads them from its configuration and passes them in; the domain never reads globals.
 */
export interface DomainSettings {
  /**
   * KEP-5471: toleration operators Gt and Lt compare the taint's value with the toleration's
   * as integers. Off: Gt/Lt are rejected by validation and never tolerate anything.
   */
  tolerationComparisonOperators: boolean;
  /** DefaultTolerationSeconds admission: seconds for the added not-ready/unreachable tolerations. */
  defaultNotReadyTolerationSeconds: number;
  defaultUnreachableTolerationSeconds: number;
  /**
   * Which kube-scheduler release the placement summary speaks like, for users of older clusters.
   * The answer's `detail` has the legacy words whatever this says, so no taint goes unnamed.
   */
  summaryWording: SummaryWording;
  /** Admission plugins applied to pods on create and update. */
  admission: {
    defaultTolerationSeconds: boolean;
    /** PodTolerationRestriction's memory-pressure toleration for pods that are not BestEffort. */
    memoryPressureToleration: boolean;
    extendedResourceToleration: boolean;
    /** The DaemonSet controller's tolerations for pods whose controller is a DaemonSet. */
    daemonSetTolerations: boolean;
  };
}

export const defaultSettings: DomainSettings = Object.freeze({
  tolerationComparisonOperators: true,
  defaultNotReadyTolerationSeconds: 300,
  defaultUnreachableTolerationSeconds: 300,
  summaryWording: 'current',
  // kube-apiserver's default plugin set (pkg/kubeapiserver/options/plugins.go): DefaultTolerationSeconds
  // is on; PodTolerationRestriction and ExtendedResourceToleration are off unless enabled. The
  // DaemonSet tolerations are the DaemonSet controller's, in every cluster.
  admission: Object.freeze({
    defaultTolerationSeconds: true,
    memoryPressureToleration: false,
    extendedResourceToleration: false,
    daemonSetTolerations: true,
  }),
});

/** Defaults with some fields replaced; nested admission switches merge too. */
export function settingsWith(
  overrides: Partial<Omit<DomainSettings, 'admission'>> & {
    admission?: Partial<DomainSettings['admission']>;
  } = {},
): DomainSettings {
  return {
    ...defaultSettings,
    ...overrides,
    admission: { ...defaultSettings.admission, ...overrides.admission },
  };
}
