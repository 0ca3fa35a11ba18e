#!/usr/bin/env node
// A webhook receiver to try taintgate's webhooks on one machine (the README's tour): it listens on
// 127.0.0.1, on the port given or a free one, prints its URL first, then one line per delivery
// (event, delivery id, whether the signature holds, the body), and answers 204.
//
//   node examples/webhook-receiver.js SECRET [PORT]
//
// The signature is checked over the raw bytes before anything parses them, as a real receiver must.
'use strict';
const { createHmac, timingSafeEqual } = require('node:crypto');
const http = require('node:http');

const [secret, port = '0'] = process.argv.slice(2);
if (!secret) {
  process.stderr.write('usage: node examples/webhook-receiver.js SECRET [PORT]\n');
  process.exit(2);
}

/** How old a signature may be, in seconds: a delivery recorded and sent again later is refused. */
const TOLERANCE_SECONDS = 300;

/**
 * Whether `header` is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed with the secret,
 * its time within the tolerance of now.
 */
function signatureHolds(body, header) {
  const parts = Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((part) => part.split('=', 2)),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex'));
  const received = Buffer.from(String(parts.v1 ?? ''));
  return received.length === expected.length && timingSafeEqual(received, expected);
}

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    const verdict = signatureHolds(body, request.headers['x-taintgate-signature']) ? 'signature ok' : 'signature WRONG';
    console.log(`${request.headers['x-taintgate-event']} ${request.headers['x-taintgate-delivery']} ${verdict}: ${body.toString()}`);
    response.statusCode = 204;
    response.end();
  });
});

server.listen(Number(port), '127.0.0.1', () => console.log(`http://127.0.0.1:${server.address().port}/`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
