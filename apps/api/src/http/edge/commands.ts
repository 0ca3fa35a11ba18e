import { type ArgumentMetadata, Injectable, type PipeTransform, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { clusterScope } from '../scope/cluster-commands';
import { AppConfig } from '../../platform/config/app-config';
import { valueOf } from '../../platform/failures/failure.exception';
import { requireCluster } from '../../platform/access/cluster-access';
import type { Operation, RestRequest } from './operation';

/** Parses an operation's inputs with the service's settings; a failure is thrown, for the faces to render. */
@Injectable()
export class Commands {
  constructor(private readonly config: AppConfig) {}

  /** The command, once its cluster (if it names one) is one the caller's key holds: 403 before anything reads the cluster. */
  parse<C>(op: Operation<C>, input: Record<string, unknown>): C {
    const command = valueOf(op.parse(input, this.config.domain));
    const cluster = op.clusterOf?.(command);
    if (cluster !== undefined) requireCluster(cluster);
    return command;
  }

  /** GraphQL's `cluster` argument, parsed as a /v1/clusters/{cluster}/... path's. */
  cluster(cluster: string | null | undefined): string {
    return this.parse(clusterScope, { cluster });
  }
}

/** The REST face's pipe: the inputs `Command(op)` gathered, parsed by the operation it names. */
@Injectable()
export class CommandPipe implements PipeTransform<Record<string, unknown>> {
  constructor(private readonly commands: Commands) {}

  transform(input: Record<string, unknown>, metadata: ArgumentMetadata): unknown {
    return this.commands.parse(metadata.data as unknown as Operation<unknown>, input);
  }
}

const restInputs = createParamDecorator((op: Operation<unknown>, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<RestRequest>();
  return op.rest({ params: request.params, query: request.query, body: request.body, headers: request.headers });
});

/** A handler parameter holding the operation's typed command, parsed at the edge (400 on bad input). */
export const Command = <C>(op: Operation<C>): ParameterDecorator => restInputs(op, CommandPipe);
