import {
  RestoreDropsProtectedLinksError,
  RevisionRestoreService,
  RevisionsService,
  type RevisionView,
} from '../../articles/index.js';
import { ApiError } from '../../common/errors/api-error.js';
import { JSON_OPTION_HELP, parseId } from '../cli-arguments.js';
import type { CliCommand } from '../cli-command.js';

export const revisionsCommand: CliCommand = (program, cli) => {
  const revisions = program
    .command('revisions')
    .description('list and restore article revisions (nothing is ever overwritten)');

  revisions
    .command('list')
    .description("list an article's revisions, oldest first")
    .requiredOption('--article <id>', 'the article id', parseId)
    .option('--json', JSON_OPTION_HELP)
    .action((options: { article: number; json?: boolean }) =>
      cli.run(options, async (app) => {
        const list = await app.get(RevisionsService).list(options.article);
        return { json: list, text: list.map(describeRevision).join('\n') };
      }),
    );

  revisions
    .command('restore')
    .description(
      'make an earlier revision the current content again, recorded as a new revision (origin editor, reason "Restored revision N"); refused when it would drop a protected link the current body carries, unless --force; counts against no edit limit',
    )
    .requiredOption('--article <id>', 'the article id', parseId)
    .requiredOption('--revision <number>', 'the revision number to bring back', parseId)
    .option('--force', 'restore even if protected links of the current body would be dropped')
    .option('--json', JSON_OPTION_HELP)
    .action((options: { article: number; revision: number; force?: boolean; json?: boolean }) =>
      cli.run(options, async (app) => {
        const revisions = app.get(RevisionsService);
        const accountId = await revisions.accountOf(options.article);
        const { revision } = await app
          .get(RevisionRestoreService)
          .restore({ accountId, editor: { kind: 'operator' } }, options.article, options.revision, {
            force: options.force,
          })
          .catch((error: unknown) => {
            throw error instanceof RestoreDropsProtectedLinksError
              ? new ApiError(
                  error.status,
                  error.code,
                  `${error.message} Add --force to restore it anyway.`,
                  error.extras,
                )
              : error;
          });
        if (revision === null) {
          const current = await revisions.latest(options.article);
          return {
            json: current,
            text: `Article ${options.article} already has the content of revision ${options.revision}; nothing changed.`,
          };
        }
        return {
          json: revision,
          text: `Article ${options.article} restored to revision ${options.revision} as revision ${revision.number}.`,
        };
      }),
    );
};

function describeRevision(revision: RevisionView): string {
  const by = revision.key_id === null ? '' : ` by key ${revision.key_id}`;
  const reason = revision.reason === null ? '' : ` — ${revision.reason}`;
  return `#${revision.number}  ${revision.created_at}  ${revision.origin}${by}  "${revision.title ?? ''}"${reason}`;
}
