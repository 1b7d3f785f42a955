// What a business area receives to plug itself in: the app, the route helper, the database, the
// file store, the import and export registries, the job queue and the home-counter hook.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import type { HomePageData } from '@openseller/core';
import type { Exports } from './exports.js';
import type { FileStore } from './file-store.js';
import type { Http } from './http.js';
import type { Imports } from './imports.js';
import type { JobQueue } from './jobs.js';
import type { PasswordTransport } from './password-transport.js';
import type { Session, SessionStore } from './sessions.js';
import type { SmsSender } from './sms.js';

export interface ModuleContext {
  app: FastifyInstance;
  http: Http;
  database: Database;
  files: FileStore;
  exports: Exports;
  imports: Imports;
  /** Null when the app runs without jobs (then imports and exports cannot run). */
  jobs: JobQueue | null;
  sessions: SessionStore;
  /** system.addHomeCounterProvider(...) adds an area's home counters. */
  system: HomeCounters;
  transport: PasswordTransport;
  /** The SMS sender (the outbox in a self-hosted install). */
  sms: SmsSender;
  /** Services areas offer each other, looked up when called (registration order does not matter). */
  registry: ServiceRegistry;
  now?: () => Date;
}

/** An area's contribution to the home counters (spec 01 §3), for the sessions allowed to see them. */
export type HomeCounterProvider = (domainId: number, session: Session) => Promise<Partial<HomePageData>>;

/** Where areas add their home counters (the system area implements it). */
export interface HomeCounters {
  addHomeCounterProvider(provider: HomeCounterProvider): void;
}

export interface ServiceRegistry {
  provide<T>(name: string, service: T): void;
  /** The service, or throws when no area provided it. */
  get<T>(name: string): T;
  /** The service, or undefined when its area is not part of this build. */
  find<T>(name: string): T | undefined;
  /** Adds an item to a named list (e.g. 'store-references'); areas read the whole list. */
  add<T>(list: string, item: T): void;
  list<T>(list: string): T[];
}

export function createServiceRegistry(): ServiceRegistry {
  const services = new Map<string, unknown>();
  const lists = new Map<string, unknown[]>();
  return {
    provide(name, service) {
      services.set(name, service);
    },
    get<T>(name: string): T {
      if (!services.has(name)) throw new Error(`no area provides the service ${name}`);
      return services.get(name) as T;
    },
    find<T>(name: string): T | undefined {
      return services.get(name) as T | undefined;
    },
    add(list, item) {
      lists.set(list, [...(lists.get(list) ?? []), item]);
    },
    list<T>(list: string): T[] {
      return (lists.get(list) ?? []) as T[];
    },
  };
}

export type AreaModule = (context: ModuleContext) => void | Promise<void>;
