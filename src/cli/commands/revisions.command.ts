import { DataSource } from 'typeorm';
import { RevisionsService, RevisionView } from '../../articles/revisions.service.js';
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
        // The service needs only the database; the HTTP-side article modules have no place in a command.
        const list = await new RevisionsService(app.get(DataSource)).list(options.article);
        return { json: list, text: list.map(describeRevision).join('\n') };
      }),
    );

  revisions
    .command('restore')
    .description(
      'make an earlier revision the current content again, recorded as a new revision (origin editor); counts against no edit limit',
    )
    .requiredOption('--article <id>', 'the article id', parseId)
    .requiredOption('--revision <number>', 'the revision number to bring back', parseId)
    .option('--json', JSON_OPTION_HELP)
    .action((options: { article: number; revision: number; json?: boolean }) =>
      cli.run(options, async (app) => {
        const restored = await new RevisionsService(app.get(DataSource)).restore(
          options.article,
          options.revision,
        );
        return {
          json: restored,
          text: `Article ${options.article} restored to revision ${options.revision} as revision ${restored.number}.`,
        };
      }),
    );
};

function describeRevision(revision: RevisionView): string {
  const by = revision.key_id === null ? '' : ` by key ${revision.key_id}`;
  const reason = revision.reason === null ? '' : ` — ${revision.reason}`;
  return `#${revision.number}  ${revision.created_at}  ${revision.origin}${by}  "${revision.title ?? ''}"${reason}`;
}
