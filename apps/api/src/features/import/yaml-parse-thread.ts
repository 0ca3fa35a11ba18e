import { parentPort, workerData } from 'node:worker_threads';
import { parseKubernetesYaml } from './kubernetes-yaml';

/**
 * A worker thread that parses one long YAML piece (yaml-parse-threads.ts starts it), so that the
 * process's event loop never waits seconds on the parser; the value goes back structured-cloned
 * (bigints and all).
 */
const port = parentPort;
if (port && typeof workerData === 'string') port.postMessage(parseKubernetesYaml(workerData));
