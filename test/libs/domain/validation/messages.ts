/**
 * Kubernetes' validation messages, written out by hand (not built from the code under test).
 * Note RegexError's double space before " or ": `'MyName',  or 'my.name'`.
 */
export const msg = {
  nameRegex:
    "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
  nameEmpty: 'name part must be non-empty',
  nameTooLong: 'name part must be no more than 63 bytes',
  prefixEmpty: 'prefix part must be non-empty',
  prefixTooLong: 'prefix part must be no more than 253 bytes',
  prefixRegex: String.raw`prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
  tooManySlashes:
    "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
  labelValueRegex:
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
  labelValueTooLong: 'must be no more than 63 bytes',
  subdomainRegex: String.raw`a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
  subdomainTooLong: 'must be no more than 253 characters',
  dnsLabelRegex:
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
  dnsLabelTooLong: 'must be no more than 63 characters',
  noDots: 'must not contain dots',
  effects: 'supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
  /** ValidatePodUpdate's Forbidden detail up to its diff (updatablePodSpecFields joined with "," and no space). */
  podUpdateForbidden:
    'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,' +
    '`spec.tolerations` (only additions to existing tolerations),' +
    '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
} as const;
