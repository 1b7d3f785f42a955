// A list as one query parameter, for `= any(…)`: `o.id = any(${bigintArray(ids)})`. One parameter
// however long the list (no `in ($1, $2, …)`), escaped by the driver; bound as one value, the
// planner sees its real length (50,000 codes: a hash or array scan, not 50,000 index probes of a
// guessed 100).
import { sql, type SQL } from 'drizzle-orm';

export const bigintArray = (values: readonly number[]): SQL => sql`${sql.param([...values])}::bigint[]`;
export const textArray = (values: readonly string[]): SQL => sql`${sql.param([...values])}::text[]`;
