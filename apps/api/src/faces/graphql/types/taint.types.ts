import { Field, InputType, ObjectType } from '@nestjs/graphql';

@ObjectType('Taint', { description: 'A node taint, as in spec.taints of a Kubernetes Node.' })
export class TaintType {
  @Field() key!: string;
  @Field(() => String, { nullable: true }) value?: string;
  @Field() effect!: string;
  @Field(() => String, { nullable: true, description: 'RFC 3339; set when the taint was added.' }) timeAdded?: string;
}

/**
 * A taint sent. The effect is a String rather than an enum so that a bad one is reported by the
 * service with its Kubernetes path and wording (`effect: Unsupported value: ...`), as over REST.
 */
@InputType('TaintInput')
export class TaintInput {
  @Field() key!: string;
  @Field(() => String, { nullable: true }) value?: string;
  @Field() effect!: string;
}

@ObjectType('PodRef', { description: 'Which pod: namespace and name (uid when known).' })
export class PodRefType {
  @Field() namespace!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) uid?: string;
}
