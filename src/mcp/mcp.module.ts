import { Module } from '@nestjs/common';
import { McpController } from './hosted/mcp.controller.js';

/**
 * The hosted agent server at /mcp. The tools live in tool-table.ts and are
 * shared with the local server (`content-api mcp`), which needs no Nest.
 */
@Module({ controllers: [McpController] })
export class McpModule {}
