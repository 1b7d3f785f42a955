// Demo data on an empty database: the root account, a demo seller domain (PRO) with its main
// account and a picker sub-account whose role allows only the orders and stock menus.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { domains, roles, userRoles, users } from '../db/schema/index.js';
import { hashPassword } from '../platform/password-hash.js';

export interface DemoPasswords {
  root: string | null;
  demo: string | null;
  picker: string | null;
}

export const DEMO_ACCOUNTS = {
  root: 'root',
  demo: 'demo',
  picker: 'picker',
  pickerMenus: ['MENU_ERPSO', 'MENU_INV'],
} as const;

export async function seedDemoData(database: Database, passwords: DemoPasswords, log: (m: string) => void = () => {}): Promise<void> {
  const { db } = database;
  await db.transaction(async (tx) => {
    // One process seeds at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);

    const [rootExists] = await tx.select({ id: users.id }).from(users).where(eq(users.accountType, 'ROOT_ACCOUNT_TYPE')).limit(1);
    if (!rootExists) {
      if (passwords.root) {
        await tx.insert(users).values({
          loginName: DEMO_ACCOUNTS.root,
          userName: 'Root',
          accountType: 'ROOT_ACCOUNT_TYPE',
          systemRoles: ['SUPER_ADMIN'],
          passwordHash: await hashPassword(passwords.root),
          passwordChangedAt: new Date(),
        });
        log(`created the root account "${DEMO_ACCOUNTS.root}"`);
      } else {
        log('no root account: set ROOT_PASSWORD to create one');
      }
    }

    const [anyDomain] = await tx.select({ id: domains.id }).from(domains).limit(1);
    if (anyDomain || !passwords.demo) return;
    const [domain] = await tx
      .insert(domains)
      .values({ name: '演示店铺 Demo Shop', level: 'PRO', contactName: 'Demo', contactPhone: '13800000000' })
      .returning();
    await tx.insert(users).values({
      domainId: domain!.id,
      loginName: DEMO_ACCOUNTS.demo,
      userName: 'Demo',
      accountType: 'MAIN_ACCOUNT_TYPE',
      phone: '13800000000',
      passwordHash: await hashPassword(passwords.demo),
      passwordChangedAt: new Date(),
    });
    log(`created the demo seller domain ${domain!.code} with main account "${DEMO_ACCOUNTS.demo}"`);
    if (!passwords.picker) return;
    const [role] = await tx
      .insert(roles)
      .values({ domainId: domain!.id, roleName: '拣货员 Picker', remark: 'Orders and stock only', menus: [...DEMO_ACCOUNTS.pickerMenus], fields: [] })
      .returning();
    const [picker] = await tx
      .insert(users)
      .values({
        domainId: domain!.id,
        loginName: DEMO_ACCOUNTS.picker,
        userName: 'Picker',
        accountType: 'SUB_ACCOUNT_TYPE',
        passwordHash: await hashPassword(passwords.picker),
        passwordChangedAt: new Date(),
      })
      .returning();
    await tx.insert(userRoles).values({ domainId: domain!.id, userId: picker!.id, roleId: role!.id });
    log(`created the sub-account "${DEMO_ACCOUNTS.picker}" with the orders and stock menus`);
  });
}
