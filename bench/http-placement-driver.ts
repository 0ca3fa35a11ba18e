/**
 * Placements of pods that differ in what they request, in a process of its own (started by
 * bench/http-placement.ts with the service's URL, the answer printed as JSON): each request asks for
 * one of 997 cpu amounts in turn, more than the service remembers buckets for (node-buckets.ts's
 * memo), so every placement counts its buckets over every node again. Not run by hand.
 */
import autocannon from 'autocannon';

const [url = '', connections = '4', seconds = '10'] = process.argv.slice(2);
let i = 0;
const bodyOf = (n: number) =>
  JSON.stringify({
    pod: {
      metadata: { name: 'p', namespace: 'bench' },
      spec: {
        tolerations: [{ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' }],
        containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: `${1 + (n % 997)}m`, memory: '64Mi' } } }],
      },
    },
  });

autocannon({
  url: `${url}/v1/placement`,
  connections: Number(connections),
  duration: Number(seconds),
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  requests: [{ setupRequest: (request) => ({ ...request, body: bodyOf(i++) }) }],
}).then(
  (result) => process.stdout.write(JSON.stringify(result)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
