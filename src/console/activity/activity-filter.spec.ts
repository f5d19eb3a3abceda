import { filterQuery, parseActivityQuery } from './activity-filter.js';

const CURSOR = '0193a2b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b';

describe('parseActivityQuery', () => {
  it('reads every filter and a page position', () => {
    expect(
      parseActivityQuery({
        channel: 'mcp',
        status: '4xx',
        key: '12',
        assistant: '4',
        from: '2026-11-01',
        to: '2026-11-20',
        q: ' /api/v1/sites ',
        protocol: '1',
        before: CURSOR,
      }),
    ).toEqual({
      filter: {
        channel: 'mcp',
        status: '4xx',
        keyId: 12,
        connectionId: 4,
        from: '2026-11-01',
        to: '2026-11-20',
        search: '/api/v1/sites',
        protocol: true,
        before: CURSOR,
      },
      problems: [],
    });
  });

  it('names what it cannot use and keeps the rest', () => {
    const { filter, problems } = parseActivityQuery({
      channel: 'fax',
      status: '3xx',
      key: 'abc',
      from: '2026-02-30',
      to: '2026-11-20',
      before: 'yesterday',
    });
    expect(filter).toEqual({ to: '2026-11-20' });
    expect(problems).toEqual([
      'Unknown channel “fax”.',
      'Unknown status class “3xx”.',
      'Unknown key.',
      '“2026-02-30” is not a date (YYYY-MM-DD).',
    ]);
  });

  it('drops a range whose ends are the wrong way round', () => {
    const { filter, problems } = parseActivityQuery({ from: '2026-11-20', to: '2026-11-01' });
    expect(filter).toEqual({});
    expect(problems).toEqual(['The “from” date is after the “to” date.']);
  });

  it('ignores empty fields, as an unsubmitted form sends them', () => {
    expect(parseActivityQuery({ channel: '', status: '', key: '', from: '', to: '' })).toEqual({
      filter: {},
      problems: [],
    });
  });

  it('round-trips through the query string it makes', () => {
    const filter = {
      channel: 'api' as const,
      keyId: 3,
      from: '2026-11-01',
      search: 'req 1',
      protocol: true,
    };
    const query = filterQuery(filter, { after: CURSOR });
    const parsed = parseActivityQuery(Object.fromEntries(new URLSearchParams(query.slice(1))));
    expect(parsed.filter).toEqual({ ...filter, after: CURSOR });
  });

  it('refuses a search it cannot use, naming why', () => {
    expect(parseActivityQuery({ q: 'a'.repeat(501) }).problems).toEqual([
      'The search is longer than 500 characters.',
    ]);
    expect(parseActivityQuery({ q: 'a\u0000b' })).toEqual({
      filter: {},
      problems: ['The search holds control characters.'],
    });
  });
});
