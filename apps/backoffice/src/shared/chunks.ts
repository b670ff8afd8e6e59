/** Splits rows into batches so one INSERT never carries too many parameters. */
export function chunks<T>(rows: readonly T[], size = 500): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < rows.length; index += size) result.push(rows.slice(index, index + size));
  return result;
}
