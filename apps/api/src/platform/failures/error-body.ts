import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** One bad field of a request, named by its Kubernetes path. */
export class ApiErrorDetail {
  @ApiProperty({
    example: 'spec.taints[1].effect',
    description: 'Kubernetes field path of the bad value',
  })
  field!: string;

  @ApiProperty({
    example: 'Unsupported value: "Sometimes": supported values: "NoExecute", "NoSchedule", "PreferNoSchedule"',
    description: "What is wrong with it, in the API server's words (what kubectl prints after the path)",
  })
  reason!: string;
}

/**
 * The body of every error answer (docs/contract.md, "Errors"). A class rather than an interface
 * so that the OpenAPI document can describe it from the same declaration the code uses.
 */
export class ApiErrorBody {
  @ApiProperty({ example: 400, description: 'The HTTP status code, repeated' })
  statusCode!: number;

  @ApiProperty({ example: 'Bad Request', description: 'The HTTP reason phrase of the status code' })
  error!: string;

  @ApiProperty({
    example: 'Node "n1" is invalid: spec.taints[1].effect: Required value',
    description: 'What went wrong, worded as the Kubernetes API server words it where it has a wording',
  })
  message!: string;

  @ApiPropertyOptional({
    type: [ApiErrorDetail],
    description: 'One entry per bad field, when the request itself was invalid',
  })
  details?: ApiErrorDetail[];
}
