import { ROLES } from '@taintgate/domain';
import { type JsonSchema, booleanField, constant, described, listPageSchema, object, stringField } from '../../http/edge/answer-schemas';

/** The OpenAPI document's API keys: what createApiKey (api-key-commands.ts) reads, and ApiKeyObject (api-keys.service.ts) as answered. */

const role: JsonSchema = { type: 'string', enum: [...ROLES] };
const clusters: JsonSchema = described(
  { type: 'array', items: stringField, minItems: 1, maxItems: 100 },
  'the clusters the role holds on: names, and patterns ending in `*` (`team-*`); `["*"]`, every cluster, when left out',
);

export const createApiKeyRequestSchema: JsonSchema = {
  ...object(
    {
      apiVersion: constant('taintgate.io/v1'),
      kind: constant('APIKey'),
      metadata: object({ name: described(stringField, 'a DNS-1123 subdomain') }, ['name']),
      spec: object({ role, clusters }, ['role']),
    },
    ['metadata', 'spec'],
  ),
  example: { metadata: { name: 'ci' }, spec: { role: 'operator', clusters: ['team-a', 'team-a-*'] } },
};

export const apiKeySchema: JsonSchema = object(
  {
    apiVersion: constant('taintgate.io/v1'),
    kind: constant('APIKey'),
    metadata: object({ name: stringField, creationTimestamp: stringField }, ['name', 'creationTimestamp']),
    spec: object({ role, clusters }, ['role', 'clusters']),
    status: object(
      { prefix: described(stringField, "the key's first characters, to tell keys apart"), revoked: booleanField, revocationTimestamp: stringField },
      ['prefix', 'revoked'],
    ),
    key: described(stringField, 'the key itself: in the answer to its creation only'),
  },
  ['apiVersion', 'kind', 'metadata', 'spec', 'status'],
);

export const apiKeyListSchema: JsonSchema = listPageSchema('APIKeyList', { $ref: '#/components/schemas/APIKey' });
