import { describe, expect, it } from 'vitest';
import { hoverTodo, loadTodoMemory, newTodoEntries, readTodo, saveTodoMemory, todoWaves } from './todo-state';

describe('to-do memory', () => {
  it('highlights entries whose counts newly appear, not zero ones or ones read at that count', () => {
    expect(newTodoEntries({ a: 3, b: 0, c: 2 }, { c: 2 })).toEqual(['a']);
    expect(newTodoEntries({ a: 3, c: 5 }, { a: 3, c: 2 })).toEqual(['c']);
  });

  it('waves until the badge is hovered, and again when a new count appears', () => {
    let memory = loadTodoMemory({ getItem: () => null }, 1);
    expect(todoWaves({ a: 1 }, memory)).toBe(true);
    memory = hoverTodo({ a: 1 }, memory);
    expect(todoWaves({ a: 1 }, memory)).toBe(false);
    expect(todoWaves({ a: 1, b: 4 }, memory)).toBe(true);
  });

  it('stops highlighting an entry once it is opened', () => {
    const memory = readTodo({ a: 2, b: 1 }, { read: {}, waveSeen: '' }, 'a');
    expect(newTodoEntries({ a: 2, b: 1 }, memory.read)).toEqual(['b']);
  });

  it('keeps its memory in storage per account and survives garbage', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    saveTodoMemory(storage, 7, { read: { a: 2 }, waveSeen: 'a:2' });
    expect(loadTodoMemory(storage, 7)).toEqual({ read: { a: 2 }, waveSeen: 'a:2' });
    expect(loadTodoMemory(storage, 8)).toEqual({ read: {}, waveSeen: '' });
    store.set('os.todo.9', '{not json');
    expect(loadTodoMemory(storage, 9)).toEqual({ read: {}, waveSeen: '' });
  });
});
