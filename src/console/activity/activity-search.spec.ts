import { searchPlan } from './activity-search.js';

describe('searchPlan', () => {
  it('reads a number as an article id: its paths, and its revisions’ calls', () => {
    expect(searchPlan('42')).toEqual({
      match: { text: '42', paths: ['/api/v1/articles/42'], pathPrefixes: ['/api/v1/articles/42/'] },
      articleId: 42,
    });
  });

  it('reads a path, or a URL’s path, as the beginning of the calls’ paths', () => {
    expect(searchPlan('/api/v1/sites')).toEqual({
      match: { text: '/api/v1/sites', pathPrefixes: ['/api/v1/sites'] },
    });
    expect(searchPlan('https://content.example/api/v1/sites/3?page=2').match.pathPrefixes).toEqual([
      '/api/v1/sites/3',
    ]);
  });

  it('compares anything else whole with request ids and operations', () => {
    expect(searchPlan('listSites')).toEqual({ match: { text: 'listSites' } });
    expect(searchPlan('0193a2b4-5c6d')).toEqual({ match: { text: '0193a2b4-5c6d' } });
  });
});
