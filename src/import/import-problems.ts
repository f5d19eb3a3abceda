import type { ImportProblem } from './import.validator.js';

/** How many problems are kept to report; past it they are only counted, so memory stays bounded. */
export const MAX_REPORTED_PROBLEMS = 1_000;

/** Every problem of one import. */
export class ImportProblems {
  private readonly kept: ImportProblem[] = [];
  private total = 0;

  add(problems: ImportProblem | ImportProblem[]): void {
    for (const problem of Array.isArray(problems) ? problems : [problems]) {
      this.total++;
      if (this.kept.length < MAX_REPORTED_PROBLEMS) this.kept.push(problem);
    }
  }

  /** Problems counted but not listed (the register reports only the first of its repeats). */
  addUnlisted(count: number): void {
    this.total += count;
  }

  get count(): number {
    return this.total;
  }

  get reported(): readonly ImportProblem[] {
    return this.kept;
  }
}
