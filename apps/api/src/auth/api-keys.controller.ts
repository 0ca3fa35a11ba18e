import { Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Command } from '../edge/commands';
import { type CreateApiKeyCommand, apiKeyName, createApiKey } from './api-key-commands';
import { ApiKeysService } from './api-keys.service';
import { Access } from './route-access';

@ApiTags('apikeys')
@Controller('v1/apikeys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Post()
  @Access('admin')
  @ApiOperation({ summary: 'Create an API key {metadata: {name}, spec: {role: viewer|operator|admin}}; the answer holds the key, shown only this once' })
  create(@Command(createApiKey) command: CreateApiKeyCommand) {
    return this.keys.create(command);
  }

  @Get()
  @Access('admin')
  @ApiOperation({ summary: 'List API keys (APIKeyList): names, roles, prefixes, revoked or not; never the keys' })
  list() {
    return this.keys.list();
  }

  @Get(':name')
  @Access('admin')
  @ApiOperation({ summary: 'Read an API key (without the key)' })
  get(@Command(apiKeyName) name: string) {
    return this.keys.get(name);
  }

  @Delete(':name')
  @Access('admin')
  @ApiOperation({ summary: 'Revoke an API key: it stops working (within 5 s on other replicas); the name stays taken' })
  revoke(@Command(apiKeyName) name: string) {
    return this.keys.revoke(name);
  }
}
