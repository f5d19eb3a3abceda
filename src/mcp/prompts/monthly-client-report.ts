import type { GetPromptResult, Prompt } from '@modelcontextprotocol/server';

/**
 * The prompt `monthly_client_report`: the agency's monthly job, drafting the
 * client's report, as one step the user picks. It sends no API call itself:
 * it asks the model to call get_report and to take every number from that
 * result, so the draft agrees with the API to the digit.
 */
export const MONTHLY_CLIENT_REPORT: Prompt = {
  name: 'monthly_client_report',
  title: 'Draft a monthly client report',
  description:
    'Drafts the client-facing narrative of one website’s report for a period, from get_report, with every number taken from its result.',
  arguments: [
    { name: 'site_id', description: 'Id of the website (from list_sites).', required: true },
    {
      name: 'period',
      description: 'last_month, this_month, last_30_days, a month YYYY-MM or a day YYYY-MM-DD.',
      required: true,
    },
    {
      name: 'audience',
      description: 'Who reads the report, e.g. "the owner of a plumbing business" (optional).',
    },
    {
      name: 'language',
      description: 'The language to write in, e.g. English or de (optional).',
    },
  ],
};

export function monthlyClientReportMessages(args: Record<string, string>): GetPromptResult {
  const audience =
    args.audience?.trim() || 'the client: a business owner, not a search-marketing specialist';
  const language = args.language?.trim()
    ? `Write in ${args.language.trim()}.`
    : 'Write in the website’s language (site.language in the result), or in English when it has none.';
  const text = [
    `Draft the monthly client report of website ${args.site_id} for the period ${args.period}.`,
    '',
    `1. Call the tool get_report with site_id ${args.site_id} and period ${args.period} (keep the default comparison with the previous period). If it is refused, say why and stop.`,
    '2. From its structured result, write the report for the reader below, in plain, friendly prose with short headings:',
    '   - what was done: articles published (name a few of articles_published.items) and the edits made;',
    '   - results: backlinks acquired, industry and local, and how each count changed against the comparison period;',
    '   - where the links came from: the top referring domains (say which are new: first_seen) and the pages that gained the most links;',
    '   - one or two sentences on what comes next.',
    '',
    'Every number you write must be taken from that get_report result exactly as it is there (counts, changes, percentages, dates); never estimate, round differently, add up numbers the result does not give, or invent a figure. When a percent is null, the previous count was 0: say the count is new instead of giving a percentage. Leave out any section the result has no data for.',
    '',
    `Reader: ${audience}.`,
    language,
    'Do not show raw JSON, field names or ids to the reader.',
  ].join('\n');
  return {
    description: `Monthly client report of website ${args.site_id} for ${args.period}`,
    messages: [{ role: 'user', content: { type: 'text', text } }],
  };
}
