import { Field, InputType } from '@nestjs/graphql';
import { withoutNulls } from '../input-objects';

/** What REST's DeleteOptions body holds under `preconditions`. */
@InputType('Preconditions', {
  description: 'DeleteOptions.preconditions: the delete happens only if the stored object has this uid and resourceVersion (each where given); else CONFLICT.',
})
export class PreconditionsInput {
  @Field(() => String, { nullable: true }) uid?: string | null;
  @Field(() => String, { nullable: true }) resourceVersion?: string | null;
}

/** The DeleteOptions a REST client would send for these preconditions (none: no body). */
export const deleteOptionsOf = (preconditions: PreconditionsInput | null | undefined) =>
  preconditions ? { preconditions: withoutNulls(preconditions) } : undefined;
