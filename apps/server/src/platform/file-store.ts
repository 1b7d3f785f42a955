// The file store: files on disk under DATA_DIR/files, described by rows of stored_files. Any
// process of the install serves any file.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { storedFiles } from '../db/schema/index.js';
import { mimeOf } from './file-types.js';

export type StoredFile = typeof storedFiles.$inferSelect;

export interface FileStore {
  readonly root: string;
  save(input: { domainId: number | null; useType: string; originalName: string; extension: string; data: Buffer; createdBy?: number | null }, tx?: Tx): Promise<StoredFile>;
  /** Stores a file already written to a temporary path (large exports), moving it in. */
  saveFromPath(input: { domainId: number | null; useType: string; originalName: string; extension: string; sourcePath: string; createdBy?: number | null }, tx?: Tx): Promise<StoredFile>;
  byKey(fileKey: string): Promise<StoredFile | undefined>;
  byId(id: number): Promise<StoredFile | undefined>;
  absolutePath(file: StoredFile): string;
  read(file: StoredFile): Promise<Buffer>;
  remove(file: StoredFile, tx?: Tx): Promise<void>;
  tempPath(extension: string): string;
}

const SAFE_KEY = /^[a-z0-9/_-]+\.[a-z0-9]+$/;

export function createFileStore(deps: { db: Db; root: string }): FileStore {
  const root = path.resolve(deps.root);
  fs.mkdirSync(root, { recursive: true });

  function newKey(useType: string, extension: string): string {
    const now = new Date();
    const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    return `${useType.toLowerCase().replace(/[^a-z0-9]/g, '')}/${month}/${randomUUID()}.${extension.toLowerCase()}`;
  }

  function fullPath(fileKey: string): string {
    if (!SAFE_KEY.test(fileKey)) throw new Error(`unsafe file key ${fileKey}`);
    return path.join(root, fileKey);
  }

  async function record(
    tx: Tx,
    input: { domainId: number | null; useType: string; originalName: string; extension: string; createdBy?: number | null },
    fileKey: string,
    size: number,
    sha256: string,
  ) {
    const [row] = await tx
      .insert(storedFiles)
      .values({
        domainId: input.domainId,
        useType: input.useType,
        fileKey,
        originalName: input.originalName.slice(0, 255),
        mimeType: mimeOf(input.extension),
        size,
        sha256,
        createdBy: input.createdBy ?? null,
      })
      .returning();
    return row!;
  }

  return {
    root,
    async save(input, tx = deps.db) {
      const fileKey = newKey(input.useType, input.extension);
      const target = fullPath(fileKey);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.writeFile(target, input.data);
      return record(tx, input, fileKey, input.data.length, createHash('sha256').update(input.data).digest('hex'));
    },
    async saveFromPath(input, tx = deps.db) {
      const fileKey = newKey(input.useType, input.extension);
      const target = fullPath(fileKey);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const hash = createHash('sha256');
      for await (const chunk of fs.createReadStream(input.sourcePath)) hash.update(chunk as Buffer);
      await fs.promises.rename(input.sourcePath, target).catch(async () => {
        await fs.promises.copyFile(input.sourcePath, target);
        await fs.promises.rm(input.sourcePath, { force: true });
      });
      const { size } = await fs.promises.stat(target);
      return record(tx, input, fileKey, size, hash.digest('hex'));
    },
    async byKey(fileKey) {
      const [row] = await deps.db.select().from(storedFiles).where(eq(storedFiles.fileKey, fileKey));
      return row;
    },
    async byId(id) {
      const [row] = await deps.db.select().from(storedFiles).where(eq(storedFiles.id, id));
      return row;
    },
    absolutePath: (file) => fullPath(file.fileKey),
    read: (file) => fs.promises.readFile(fullPath(file.fileKey)),
    async remove(file, tx = deps.db) {
      await tx.delete(storedFiles).where(eq(storedFiles.id, file.id));
      await fs.promises.rm(fullPath(file.fileKey), { force: true });
    },
    tempPath(extension) {
      const dir = path.join(root, 'tmp');
      fs.mkdirSync(dir, { recursive: true });
      return path.join(dir, `${randomUUID()}.${extension}`);
    },
  };
}
