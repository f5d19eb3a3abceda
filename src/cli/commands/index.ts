import type { CliCommand } from '../cli-command.js';
import { accountsCommand } from './accounts.command.js';
import { demoCommand } from './demo.command.js';
import { importCommand } from './import.command.js';
import { jobsCommand } from './jobs.command.js';
import { keysCommand } from './keys.command.js';
import { logCommand } from './log.command.js';
import { mcpCommand } from './mcp.command.js';
import { migrateCommand } from './migrate.command.js';
import { revisionsCommand } from './revisions.command.js';
import { rollupsCommand } from './rollups.command.js';
import { usersCommand } from './users.command.js';

/** Every command group of `content-api`, in help order. A new group is one file and one line here. */
export const COMMANDS: CliCommand[] = [
  migrateCommand,
  accountsCommand,
  keysCommand,
  usersCommand,
  importCommand,
  demoCommand,
  revisionsCommand,
  logCommand,
  jobsCommand,
  rollupsCommand,
  mcpCommand,
];
