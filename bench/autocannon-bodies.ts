/**
 * POSTs of the bodies of a JSON file (an array), one after another in turn, by autocannon in a
 * process of its own (started by bench/http-realistic-placement.ts, the answer printed as JSON).
 * Not run by hand. Arguments: the URL, connections, seconds, the file.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [url = '', connections = '4', seconds = '10', file = ''] = process.argv.slice(2);
const bodies = (JSON.parse(readFileSync(file, 'utf8')) as unknown[]).map((body) => JSON.stringify(body));
let turn = 0;

autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  requests: [{ setupRequest: (request) => ({ ...request, body: bodies[turn++ % bodies.length] }) }],
}).then(
  (result) => process.stdout.write(JSON.stringify(result)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
