import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { EvictionType } from './result.types';
import { PodRefType } from './taint.types';

/** What happened to an eviction; one event per change, as the taint manager records them. */
export enum EvictionEventKind {
  Scheduled = 'Scheduled',
  Executed = 'Executed',
  Cancelled = 'Cancelled',
  /** A mirror's: what its cluster's own controller is expected to do, and when. */
  Predicted = 'Predicted',
}
registerEnumType(EvictionEventKind, { name: 'EvictionEventKind' });

@ObjectType('EvictionEvent', { description: 'A NoExecute eviction scheduled, executed or cancelled, or in a mirror predicted (a row of the events table).' })
export class EvictionEventType {
  @Field(() => ID, { description: 'the event id: increasing, usable to tell what was seen' }) id!: string;
  @Field(() => EvictionEventKind) kind!: EvictionEventKind;
  @Field({ description: 'RFC 3339' }) at!: string;
  @Field({ description: 'as Kubernetes words it: "Marking for deletion Pod default/web-1"' }) message!: string;
  @Field(() => PodRefType) pod!: PodRefType;
  @Field(() => EvictionType, { nullable: true, description: 'the eviction as it is now (node, taint, deadline)' }) eviction!: EvictionType | null;
}
