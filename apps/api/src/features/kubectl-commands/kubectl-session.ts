import { ok } from '@taintgate/domain';
import { operation } from '../../http/edge/operation';

/**
 * The kubectl invocation a request belongs to, as kubectl names it in every request it sends
 * (KEP-859's command headers, on by default since kubectl 1.22): `Kubectl-Session`, a random id
 * per invocation, and `Kubectl-Command`, the command (`kubectl taint`). Informational, as the API
 * server treats them: a request without them, or with values that are not kubectl's, is a request
 * like any other, never refused.
 */
export interface KubectlSession {
  readonly id: string;
  readonly command: string;
}

const sessionId = /^[A-Za-z0-9-]{8,64}$/;
const commandName = /^kubectl(?: [a-z-]{1,32}){1,3}$/;

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export const kubectlSession = operation<KubectlSession | undefined>({
  rest: ({ headers }) => ({ id: header(headers?.['kubectl-session']), command: header(headers?.['kubectl-command']) }),
  parse: ({ id, command }) =>
    ok(typeof id === 'string' && typeof command === 'string' && sessionId.test(id) && commandName.test(command) ? { id, command } : undefined),
});
