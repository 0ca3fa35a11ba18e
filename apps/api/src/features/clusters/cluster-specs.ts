import { Injectable } from '@nestjs/common';
import { type ClusterSpec, type MirrorSource, authorize, failure } from '@taintgate/domain';
import { ClusterDirectory, type StoredSource, type StoredSpec } from '../../store/cluster-directory';
import { ClusterWriter } from '../../store/cluster-writer';
import { EvictionLedger } from '../../store/evictions/eviction-ledger';
import { EvictionJobs } from '../../control-loops/taint-eviction/eviction-jobs';
import { SecretBox } from '../../platform/secrets/secret-box';
import { FailureException, fail, valueOf } from '../../platform/failures/failure.exception';
import { currentCaller } from '../../platform/access/request-context';
import { type ClusterObject, clusterObject, specView } from './cluster-view';

/**
 * A cluster's spec: its mode (managed or mirror) and a mirror's source. Set by PUT
 * /v1/clusters/{name} with a spec, an admin's (it decides whether taintgate executes evictions
 * there, and holds credentials to another cluster). The credentials are sealed (SecretBox) and
 * never answered; a PUT that sends none keeps those stored for the same server, as an answer
 * never carries them back for a read-edit-write to send.
 *
 * A change of mode is one write (the cluster's lock held): managed → mirror turns the deadlines
 * waiting into predictions, and nothing is executed there from then on; mirror → managed turns the
 * predictions into deadlines, their wake-ups queued after commit, and taintgate carries them out.
 */
@Injectable()
export class ClusterSpecs {
  constructor(
    private readonly directory: ClusterDirectory,
    private readonly writer: ClusterWriter,
    private readonly ledger: EvictionLedger,
    private readonly jobs: EvictionJobs,
    private readonly secrets: SecretBox,
  ) {}

  async put(name: string, spec: ClusterSpec): Promise<{ cluster: ClusterObject; created: boolean }> {
    const caller = currentCaller();
    if (caller) valueOf(authorize(caller, 'admin', "set a cluster's spec (its mode and source)"));
    const credentials = spec.source?.credentials && this.seal(name, spec.source.credentials);
    // None yet is the only failure taken here: an outage is answered as one.
    const existing = await this.directory.get(name).catch((error: unknown) => {
      if (error instanceof FailureException && error.failure.reason === 'NotFound') return undefined;
      throw error;
    });
    // The same spec again, with no credentials to store: nothing to write, and no revision taken.
    if (
      existing &&
      !credentials &&
      sameSpec(specView(existing), specView({ mode: spec.mode, source: spec.source ? storedSourceOf(spec.source, existing.source?.auth ?? 'none') : null }))
    ) {
      return { cluster: clusterObject(existing), created: false };
    }
    const created = await this.writer.write(
      name,
      async (w) => {
        const before = await this.directory.specOf(w);
        const after = nextSpec(before, spec, credentials);
        await this.directory.writeSpec(w, after);
        if (before.mode !== after.mode) {
          const wakeups = await this.ledger.convertWaiting(w, after.mode === 'mirror' ? 'Predicted' : 'Scheduled');
          if (wakeups.length > 0) w.afterCommit(() => this.jobs.enqueueAll(wakeups));
        }
        await w.audit({
          action: 'cluster.update',
          kind: 'Cluster',
          name,
          before: { spec: specView(before) },
          after: { spec: specView(after) },
        });
        return w.createdCluster;
      },
      { onMirror: true },
    );
    return { cluster: clusterObject(await this.directory.get(name)), created };
  }

  private seal(name: string, credentials: NonNullable<MirrorSource['credentials']>): string {
    if (!this.secrets.canSeal) {
      fail(
        failure.forbidden(
          'Cluster',
          name,
          "this deployment keeps no secrets: set TAINTGATE_SECRETS_KEY (at least 32 characters) to store a mirror's credentials",
        ),
      );
    }
    return this.secrets.seal(JSON.stringify(credentials));
  }
}

/** What `auth` a source's credentials are. */
const authOf = (credentials: MirrorSource['credentials']): StoredSource['auth'] =>
  credentials === undefined ? 'none' : 'token' in credentials ? 'token' : 'clientCertificate';

function storedSourceOf(source: MirrorSource, keptAuth: StoredSource['auth']): StoredSource {
  return {
    server: source.server,
    ...(source.caData === undefined ? {} : { caData: source.caData }),
    insecureSkipTLSVerify: source.insecureSkipTLSVerify,
    ...(source.context === undefined ? {} : { context: source.context }),
    auth: source.credentials === undefined ? keptAuth : authOf(source.credentials),
  };
}

/**
 * The spec to store: the one given, with the credentials given (sealed), or else those stored when
 * the server is the same (none when it is another, or when the cluster is no longer a mirror).
 */
function nextSpec(before: StoredSpec, spec: ClusterSpec, sealed: string | undefined): StoredSpec {
  if (!spec.source) return { mode: spec.mode, source: null, credentials: null };
  const sameServer = before.source?.server === spec.source.server;
  const credentials = sealed ?? (sameServer ? before.credentials : null);
  const keptAuth = sameServer && credentials !== null ? (before.source?.auth ?? 'none') : 'none';
  return { mode: spec.mode, source: storedSourceOf(spec.source, keptAuth), credentials };
}

const sameSpec = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
