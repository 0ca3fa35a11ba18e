import { type JsonSchema, object, stringField } from '../../http/edge/answer-schemas';

const checkStatus: JsonSchema = { type: 'string', enum: ['ok', 'failed'] };

/** GET /healthz's body, HealthReport (health-report.ts), for the OpenAPI document: 200 or 503 alike. */
export const healthReportSchema: JsonSchema = object(
  {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    checks: object({ postgres: checkStatus, redis: checkStatus }, ['postgres', 'redis']),
    errors: {
      ...object({ ping: stringField, postgres: stringField, redis: stringField }),
      description: "why each failed check failed: to an admin's key only",
    },
  },
  ['status', 'checks'],
);
