// The to-do popover's memory (spec 01 §4.7), kept in local storage per account: the count each
// entry had when the account last opened it (read state), and which new entries the badge's wave
// was already hovered for. An entry is new when it has a count that differs from the one read.

export type TodoCounts = Record<string, number>;

export interface TodoMemory {
  /** Entry key → the count it showed when it was last opened. */
  read: TodoCounts;
  /** The new entries (signature) the account hovered the badge for; the wave stops for them. */
  waveSeen: string;
}

const EMPTY: TodoMemory = { read: {}, waveSeen: '' };

export const todoStorageKey = (userId: number | string) => `os.todo.${userId}`;

export function loadTodoMemory(storage: Pick<Storage, 'getItem'>, userId: number | string): TodoMemory {
  try {
    const parsed = JSON.parse(storage.getItem(todoStorageKey(userId)) ?? 'null') as Partial<TodoMemory> | null;
    if (!parsed || typeof parsed !== 'object') return EMPTY;
    const read: TodoCounts = {};
    for (const [k, v] of Object.entries(parsed.read ?? {})) if (typeof v === 'number') read[k] = v;
    return { read, waveSeen: typeof parsed.waveSeen === 'string' ? parsed.waveSeen : '' };
  } catch {
    return EMPTY;
  }
}

export function saveTodoMemory(storage: Pick<Storage, 'setItem'>, userId: number | string, memory: TodoMemory): void {
  storage.setItem(todoStorageKey(userId), JSON.stringify(memory));
}

/** The entries whose counts newly appeared (or changed) since the account last opened them. */
export function newTodoEntries(counts: TodoCounts, read: TodoCounts): string[] {
  return Object.keys(counts)
    .filter((k) => (counts[k] ?? 0) > 0 && counts[k] !== read[k])
    .sort();
}

/** What identifies a set of new entries with their counts: the wave shows until it is hovered for it. */
export function todoSignature(counts: TodoCounts, entries: string[]): string {
  return entries.map((k) => `${k}:${counts[k]}`).join(',');
}

/** Whether the badge waves: there are new entries the account has not hovered for. */
export function todoWaves(counts: TodoCounts, memory: TodoMemory): boolean {
  const entries = newTodoEntries(counts, memory.read);
  return entries.length > 0 && todoSignature(counts, entries) !== memory.waveSeen;
}

/** The memory after hovering the badge: the current new entries no longer wave. */
export function hoverTodo(counts: TodoCounts, memory: TodoMemory): TodoMemory {
  return { ...memory, waveSeen: todoSignature(counts, newTodoEntries(counts, memory.read)) };
}

/** The memory after opening an entry: it is read at its current count. */
export function readTodo(counts: TodoCounts, memory: TodoMemory, key: string): TodoMemory {
  return { ...memory, read: { ...memory.read, [key]: counts[key] ?? 0 } };
}
