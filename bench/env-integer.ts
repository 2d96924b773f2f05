/**
 * A whole-number benchmark setting from the environment (`BENCH_HTTP_SECONDS=30`, …): `fallback`
 * when unset or empty. @throws Error naming the variable and its bounds for anything else outside
 * min..max, so a typo stops the run instead of measuring something else.
 */
export function envInteger(name: string, fallback: number, min: number, max: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}, not ${text}`);
  return value;
}
