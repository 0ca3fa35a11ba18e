import { Body, Controller, Delete, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { TaintCommandDto } from './taint-command.dto';
import { TaintsService } from './taints.service';

@ApiTags('taints')
@Controller('v1')
export class TaintsController {
  constructor(private readonly taints: TaintsService) {}

  @Post('nodes/:name/taints')
  @ApiOperation({ summary: 'Add one taint {key, value?, effect}; 409 if the key and effect exist, unless ?overwrite=true' })
  @ApiQuery({ name: 'overwrite', required: false, type: Boolean })
  add(@Param('name') name: string, @Body() body: unknown, @Query('overwrite') overwrite?: string) {
    return this.taints.add(name, body, overwrite === 'true');
  }

  @Delete('nodes/:name/taints')
  @ApiOperation({ summary: "Remove the taint of key and effect; without effect, every effect of the key (kubectl's key-)" })
  @ApiQuery({ name: 'key', required: true })
  @ApiQuery({ name: 'effect', required: false, enum: ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] })
  remove(@Param('name') name: string, @Query('key') key?: string, @Query('effect') effect?: string) {
    return this.taints.remove(name, key, effect);
  }

  @Post('taint')
  @HttpCode(200)
  @ApiOperation({ summary: 'kubectl taint: several taint arguments over nodes by name, selector or all; all change or none' })
  @ApiBody({ type: TaintCommandDto })
  command(@Body() body: unknown) {
    return this.taints.command(body);
  }
}
