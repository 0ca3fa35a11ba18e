import { Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Command } from '../../http/edge/commands';
import { type CreateApiKeyCommand, apiKeyName, createApiKey } from './api-key-commands';
import { ApiKeysService } from './api-keys.service';
import { Access } from '../../platform/access/route-access';
import { Answers, BodyFailures, Fails, GuardedOperations, JsonBody } from '../../http/operation-docs/operation-docs';

@ApiTags('apikeys')
@GuardedOperations()
@Controller('v1/apikeys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Post()
  @Access('admin')
  @ApiOperation({ summary: 'Create an API key {metadata: {name}, spec: {role: viewer|operator|admin}}; the answer holds the key, shown only this once' })
  @JsonBody('CreateAPIKeyRequest')
  @Answers(201, 'the key, with `key` (shown this once)', 'APIKey')
  @BodyFailures()
  @Fails(409)
  create(@Command(createApiKey) command: CreateApiKeyCommand) {
    return this.keys.create(command);
  }

  @Get()
  @Access('admin')
  @ApiOperation({ summary: 'List API keys (APIKeyList): names, roles, prefixes, revoked or not; never the keys' })
  @Answers(200, 'every key', 'APIKeyList')
  list() {
    return this.keys.list();
  }

  @Get(':name')
  @Access('admin')
  @ApiOperation({ summary: 'Read an API key (without the key)' })
  @Answers(200, 'the key, without the key itself', 'APIKey')
  @Fails(404)
  get(@Command(apiKeyName) name: string) {
    return this.keys.get(name);
  }

  @Delete(':name')
  @Access('admin')
  @ApiOperation({ summary: 'Revoke an API key: it stops working (within 5 s on other replicas); the name stays taken' })
  @Answers(200, 'the key, revoked', 'APIKey')
  @Fails(404)
  revoke(@Command(apiKeyName) name: string) {
    return this.keys.revoke(name);
  }
}
