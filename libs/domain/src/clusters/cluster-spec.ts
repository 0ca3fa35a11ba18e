import { type FieldPath, fieldError } from '../foundation/field-errors';
import type { Json, ShapeChecker } from '../validation/json-shape';
import { type KubeconfigSource, type SourceCredentials, sourceOfKubeconfig } from './kubeconfig-source';

/**
 * `managed`: taintgate holds the cluster's truth and carries NoExecute out. `mirror`: a copy of a
 * cluster that runs elsewhere, fed by imports or by its source's API server; nothing is executed
 * there, and what its controllers will do is predicted.
 */
const CLUSTER_MODES = ['managed', 'mirror'] as const;
export type ClusterMode = (typeof CLUSTER_MODES)[number];

/** The API server a mirror is kept in step from. */
export interface MirrorSource {
  /** The server's URL, with any path prefix it is served under (a proxy's). */
  readonly server: string;
  /** PEM certificates, base64 as a kubeconfig's certificate-authority-data: the roots the server's certificate is checked against. */
  readonly caData?: string;
  readonly insecureSkipTLSVerify: boolean;
  /** The kubeconfig context it was read from, when it was given as a kubeconfig. */
  readonly context?: string;
  /** Absent: none were sent, and those stored for the same server are kept (they are never answered, so a read-edit-write cannot send them). */
  readonly credentials?: SourceCredentials;
}

export interface ClusterSpec {
  readonly mode: ClusterMode;
  readonly source?: MirrorSource;
}

/** A token is sent in a header: no line breaks, and no longer than an API server takes. */
const MAX_TOKEN_LENGTH = 16_384;
const MAX_URL_LENGTH = 2048;

/** Reads a kubeconfig's text (YAML or JSON) into its document, or says why it cannot. */
export type KubeconfigReader = (text: string) => { document: unknown } | { error: string };

/**
 * A cluster's `spec` as PUT /v1/clusters/{name} takes it: `{"mode": "managed"|"mirror", "source"?: ...}`,
 * `managed` when the mode is absent. A source is a mirror's only, given either as its parts
 * (`server`, `caData`, `insecureSkipTLSVerify`, `token`) or as a kubeconfig (`kubeconfig`, its text,
 * and `context`, the current one by default), which is read here and not kept. Every bad field is
 * recorded in `shape`.
 */
export function checkClusterSpec(shape: ShapeChecker, value: unknown, path: FieldPath, readKubeconfig: KubeconfigReader): ClusterSpec {
  const spec = shape.object(value, path) ?? {};
  const mode = modeOf(shape, spec.mode, path.child('mode'));
  if (spec.source === undefined || spec.source === null) return { mode };
  if (mode !== 'mirror') {
    shape.errors.push(fieldError.forbidden(path.child('source'), 'only a mirror has a source (spec.mode: mirror)'));
    return { mode };
  }
  const source = sourceOf(shape, spec.source, path.child('source'), readKubeconfig);
  return source ? { mode, source } : { mode };
}

function modeOf(shape: ShapeChecker, value: unknown, path: FieldPath): ClusterMode {
  if (value === undefined || value === null) return 'managed';
  if ((CLUSTER_MODES as readonly unknown[]).includes(value)) return value as ClusterMode;
  shape.errors.push(fieldError.notSupported(path, value, CLUSTER_MODES));
  return 'managed';
}

const SOURCE_FIELDS = ['server', 'caData', 'insecureSkipTLSVerify', 'token', 'kubeconfig', 'context'];

function sourceOf(shape: ShapeChecker, value: unknown, path: FieldPath, readKubeconfig: KubeconfigReader): MirrorSource | undefined {
  const source = shape.object(value, path);
  if (!source) return undefined;
  for (const field of Object.keys(source)) {
    if (!SOURCE_FIELDS.includes(field)) shape.errors.push(fieldError.notSupported(path.child(field), field, SOURCE_FIELDS, 'string'));
  }
  if (source.kubeconfig !== undefined && source.kubeconfig !== null) return fromKubeconfig(shape, source, path, readKubeconfig);
  if (source.context !== undefined && source.context !== null)
    shape.errors.push(fieldError.forbidden(path.child('context'), 'a context is read from a kubeconfig: give spec.source.kubeconfig'));
  const server = serverOf(shape, source.server, path.child('server'));
  const caData = caDataOf(shape, source.caData, path.child('caData'));
  const insecureSkipTLSVerify = shape.boolean(source.insecureSkipTLSVerify, path.child('insecureSkipTLSVerify')) ?? false;
  tlsChoice(shape, caData, insecureSkipTLSVerify, path);
  const token = tokenOf(shape, source.token, path.child('token'));
  if (server === undefined) return undefined;
  return {
    server,
    ...(caData === undefined ? {} : { caData }),
    insecureSkipTLSVerify,
    ...(token === undefined ? {} : { credentials: { token } }),
  };
}

/** The source as a kubeconfig's context names it; the parts may not be given beside it. */
function fromKubeconfig(shape: ShapeChecker, source: Json, path: FieldPath, readKubeconfig: KubeconfigReader): MirrorSource | undefined {
  for (const field of ['server', 'caData', 'insecureSkipTLSVerify', 'token']) {
    if (source[field] !== undefined && source[field] !== null) {
      shape.errors.push(fieldError.forbidden(path.child(field), 'give either spec.source.kubeconfig or the source by its parts, not both'));
    }
  }
  const text = shape.string(source.kubeconfig, path.child('kubeconfig'), true);
  const context = shape.string(source.context, path.child('context'));
  if (text === undefined || text === '') return undefined;
  const read = readKubeconfig(text);
  if ('error' in read) {
    shape.errors.push(fieldError.invalid(path.child('kubeconfig'), '<kubeconfig>', `not a kubeconfig: ${read.error}`));
    return undefined;
  }
  const found = sourceOfKubeconfig(read.document, context === '' ? undefined : context);
  if ('errors' in found) {
    for (const error of found.errors) {
      const field = error.field === 'context' ? path.child('context') : path.child('kubeconfig');
      shape.errors.push(fieldError.invalid(field, error.field === 'context' ? (context ?? '') : '<kubeconfig>', error.message));
    }
    return undefined;
  }
  const resolved: KubeconfigSource = found.source;
  const server = serverOf(shape, resolved.server, path.child('kubeconfig'));
  const caData = caDataOf(shape, resolved.caData, path.child('kubeconfig'));
  tlsChoice(shape, caData, resolved.insecureSkipTLSVerify, path.child('kubeconfig'));
  if (server === undefined) return undefined;
  return {
    server,
    ...(caData === undefined ? {} : { caData }),
    insecureSkipTLSVerify: resolved.insecureSkipTLSVerify,
    context: resolved.context,
    ...(resolved.credentials ? { credentials: resolved.credentials } : {}),
  };
}

function serverOf(shape: ShapeChecker, value: unknown, path: FieldPath): string | undefined {
  const text = shape.string(value, path, true);
  if (text === undefined || text === '') return undefined;
  if (text.length > MAX_URL_LENGTH) {
    shape.errors.push(fieldError.tooLong(path, MAX_URL_LENGTH));
    return undefined;
  }
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    shape.errors.push(fieldError.invalid(path, text, "must be an https:// (or http://) URL, as a kubeconfig's cluster.server"));
    return undefined;
  }
  if (url.username || url.password || url.search || url.hash) {
    shape.errors.push(fieldError.invalid(path, text, 'must carry no user, query or fragment: a token goes in spec.source.token'));
    return undefined;
  }
  // A path prefix (a proxy's) is kept without its trailing slash: the API's paths are joined to it.
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function caDataOf(shape: ShapeChecker, value: unknown, path: FieldPath): string | undefined {
  const text = shape.string(value, path);
  if (text === undefined || text === '') return undefined;
  if (!decodesBase64(text).includes('-----BEGIN CERTIFICATE-----')) {
    shape.errors.push(fieldError.invalid(path, '<caData>', "must be PEM certificates in base64, as a kubeconfig's certificate-authority-data"));
    return undefined;
  }
  return text.replace(/\s+/g, '');
}

/** The text base64 holds (PEM is ASCII), or '' when it is not base64. */
function decodesBase64(text: string): string {
  try {
    return atob(text.replace(/\s+/g, ''));
  } catch {
    return '';
  }
}

/** kubectl refuses both: "specifying a root certificates file with the insecure flag is not allowed" (client-go's rest.Config). */
function tlsChoice(shape: ShapeChecker, caData: string | undefined, insecure: boolean, path: FieldPath): void {
  if (caData !== undefined && insecure) {
    shape.errors.push(
      fieldError.forbidden(path.child('insecureSkipTLSVerify'), 'specifying root certificates (caData) with insecureSkipTLSVerify is not allowed'),
    );
  }
}

function tokenOf(shape: ShapeChecker, value: unknown, path: FieldPath): string | undefined {
  const token = shape.string(value, path);
  if (token === undefined) return undefined;
  if (token === '' || /[\s]/.test(token))
    shape.errors.push(fieldError.invalid(path, '<hidden>', 'must be a bearer token: not empty, no spaces or line breaks'));
  else if (token.length > MAX_TOKEN_LENGTH) shape.errors.push(fieldError.tooLong(path, MAX_TOKEN_LENGTH));
  return token;
}
