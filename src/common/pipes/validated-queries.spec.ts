import { ValidatedQueries } from './validated-queries.js';

class ListQuery {
  page = 1;
  status?: string;
}

/** A validation that counts its runs and turns `page` into a number, as the pipe's does. */
function counting() {
  let runs = 0;
  const validate = (parameters: Record<string, string>) => () => {
    runs += 1;
    if (parameters.page === 'x') throw new Error('page must be an integer');
    return Object.assign(new ListQuery(), { ...parameters, page: Number(parameters.page ?? 1) });
  };
  return { validate, runs: () => runs };
}

describe('ValidatedQueries', () => {
  it('validates a query once, and gives every later request with it its own equal DTO', async () => {
    const queries = new ValidatedQueries(10);
    const { validate, runs } = counting();
    const parameters = { page: '2', status: 'published' };
    const first = await queries.validate(ListQuery, parameters, validate(parameters));
    const second = await queries.validate(ListQuery, { ...parameters }, validate(parameters));
    expect(runs()).toBe(1);
    expect(second).toEqual(first);
    expect(second).toBeInstanceOf(ListQuery);
    expect(second).not.toBe(first);
    (second as ListQuery).page = 9;
    expect(await queries.validate(ListQuery, parameters, validate(parameters))).toEqual(first);
  });

  it('validates other parameters, or the same ones for another DTO, again', async () => {
    const queries = new ValidatedQueries(10);
    const { validate, runs } = counting();
    await queries.validate(ListQuery, { page: '2' }, validate({ page: '2' }));
    await queries.validate(ListQuery, { page: '3' }, validate({ page: '3' }));
    await queries.validate(class Other {}, { page: '2' }, validate({ page: '2' }));
    expect(runs()).toBe(3);
  });

  it('remembers no failure: an invalid query is refused every time', async () => {
    const queries = new ValidatedQueries(10);
    const { validate, runs } = counting();
    for (let i = 0; i < 2; i++) {
      await expect(
        queries.validate(ListQuery, { page: 'x' }, validate({ page: 'x' })),
      ).rejects.toThrow('page must be an integer');
    }
    expect(runs()).toBe(2);
  });

  it('forgets the oldest query once it holds its capacity', async () => {
    const queries = new ValidatedQueries(2);
    const { validate, runs } = counting();
    for (const page of ['1', '2', '3', '1']) {
      await queries.validate(ListQuery, { page }, validate({ page }));
    }
    expect(runs()).toBe(4);
    await queries.validate(ListQuery, { page: '1' }, validate({ page: '1' }));
    expect(runs()).toBe(4);
  });
});
