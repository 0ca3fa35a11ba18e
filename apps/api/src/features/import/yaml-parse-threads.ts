import { startThread } from '../../platform/threads/start-thread';
import { type KubernetesYaml, parseKubernetesYaml } from './kubernetes-yaml';

/**
 * YAML pieces longer than this are parsed on a worker thread: YAML is read at about 2 MB/s (flow
 * style at under 1 MB/s), so a piece this long takes the event loop some 60 ms at most, and a
 * longer one would take it for longer than a health check may wait. Most objects are far shorter.
 */
const OFF_THREAD_YAML_BYTES = 128 * 1024;

/** A parse thread's heap: a piece of up to MAX_YAML_PIECE_BYTES parses within it; past it the thread dies, not the process. */
const THREAD_MEMORY_MB = 1024;

/** The piece parsed: on this thread when short, else on a thread of its own, which ends with it. */
export function parseYamlPiece(text: string): KubernetesYaml | Promise<KubernetesYaml> {
  if (text.length <= OFF_THREAD_YAML_BYTES) return parseKubernetesYaml(text);
  return new Promise((resolve) => {
    const thread = startThread(__dirname, 'yaml-parse-thread', text, THREAD_MEMORY_MB);
    let parsed: KubernetesYaml | undefined;
    thread.once('message', (message: KubernetesYaml) => (parsed = message));
    thread.once('error', (error) => {
      parsed ??= { ok: false, message: `the YAML could not be read: ${error.message}`, index: 0 };
    });
    thread.once('exit', (code) => resolve(parsed ?? { ok: false, message: `the YAML could not be read (its parser stopped with code ${code})`, index: 0 }));
  });
}
