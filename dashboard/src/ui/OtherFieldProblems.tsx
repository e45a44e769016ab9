import { ApiError } from '../api/errors';

/**
 * The API's field problems that no input of the form shows (a field the form does not draw, or a whole section),
 * so that no 422 goes unexplained. Problems without a field are ErrorMessage's.
 */
export function OtherFieldProblems({ error, shown }: { error: unknown; shown: string[] }) {
  if (!(error instanceof ApiError)) return null;
  const others = error.problems.filter((problem) => problem.field !== null && !shown.includes(problem.field));
  if (others.length === 0) return null;
  return (
    <div className="alert" role="alert">
      {others.map((problem) => `${problem.field}: ${problem.message}`).join(' ')}
    </div>
  );
}
