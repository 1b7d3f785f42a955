// The spec's index of server calls (../shared/spec/03-calls.md), as (section, name, method, path)
// rows. The repository keeps a copy in docs/spec/03-calls.md so a clone without the spec folder
// beside it still runs the conformance test; when the spec folder is there, the copy must match it.
import fs from 'node:fs';
import path from 'node:path';

export interface SpecCall {
  section: string;
  name: string;
  method: 'GET' | 'POST';
  path: string;
}

const repo = path.resolve(import.meta.dirname, '../../..');
export const SPEC_INDEX_COPY = path.join(repo, 'docs/spec/03-calls.md');
export const SPEC_INDEX_SHARED = path.resolve(repo, '../shared/spec/03-calls.md');

export function parseSpecCalls(text: string): SpecCall[] {
  const calls: SpecCall[] = [];
  let section = '';
  for (const line of text.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      section = heading[1]!.trim();
      continue;
    }
    const row = /^\| (.+?) \| `(?:(GET) )?(\/[^`]*)`(?: \*)? \|\s*$/.exec(line);
    if (!row) continue;
    calls.push({ section, name: row[1]!.trim(), method: row[2] === 'GET' ? 'GET' : 'POST', path: row[3]! });
  }
  return calls;
}

/** Each (method, path) once, with the first section that names it. */
export function uniqueSpecCalls(calls: SpecCall[]): SpecCall[] {
  const seen = new Map<string, SpecCall>();
  for (const call of calls) {
    const key = `${call.method} ${call.path}`;
    if (!seen.has(key)) seen.set(key, call);
  }
  return [...seen.values()];
}

export function readSpecCalls(): SpecCall[] {
  return uniqueSpecCalls(parseSpecCalls(fs.readFileSync(SPEC_INDEX_COPY, 'utf8')));
}
