import { eq } from 'drizzle-orm';
import type { TRole } from '@app/shared/roles';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema/settings';
import { insertAudit } from '../modules/audit/audit.repository';
import { insertUser } from '../modules/users/users.repository';

export const DEMO_DOMAIN = 'demo.thptchuyen.edu.vn';
const SEEDED_KEY = 'demo_seeded';

interface DemoPerson {
  local: string;
  name: string;
  roles: TRole[]; // first is primary
}

/** One or more accounts per role; the combinations the menus depend on are here on purpose. */
export const DEMO_STAFF: DemoPerson[] = [
  { local: 'quantri', name: 'Nguyễn Văn Quản', roles: ['ADMIN'] },
  { local: 'hieutruong', name: 'Trần Thị Minh Hạnh', roles: ['PRINCIPAL'] },
  { local: 'giaovu', name: 'Lê Thị Thu Hà', roles: ['ACADEMIC_AFFAIR'] },
  { local: 'dbcl', name: 'Phạm Quốc Bảo', roles: ['QUALITY_ASSURANCE'] },
  { local: 'totruong.ly', name: 'Đỗ Minh Tuấn', roles: ['HEAD_DEPARTMENT', 'TEACHER'] },
  { local: 'gv.toan', name: 'Nguyễn Thị Lan', roles: ['TEACHER', 'HEAD_DEPARTMENT', 'HOMEROOM_TEACHER'] },
  { local: 'gv.van', name: 'Hoàng Văn Nam', roles: ['TEACHER', 'DECLARATION'] },
  { local: 'gv.anh', name: 'Vũ Thị Mai', roles: ['TEACHER'] },
  { local: 'gvcn.hoa', name: 'Bùi Thị Hương', roles: ['HOMEROOM_TEACHER', 'TEACHER'] },
  { local: 'khaibao.sinh', name: 'Phan Thị Ngọc', roles: ['DECLARATION', 'TEACHER'] },
  { local: 'ketoan', name: 'Ngô Thị Thanh', roles: ['ACCOUNTANT'] },
  { local: 'csvc', name: 'Đặng Văn Hùng', roles: ['FACILITY_MANAGER'] },
];

export const DEMO_STUDENTS: DemoPerson[] = [
  { local: 'hs.an', name: 'Nguyễn Minh An', roles: ['STUDENT'] },
  { local: 'hs.binh', name: 'Trần Gia Bình', roles: ['STUDENT'] },
  { local: 'hs.chau', name: 'Lê Bảo Châu', roles: ['STUDENT'] },
  { local: 'hs.dung', name: 'Phạm Tiến Dũng', roles: ['STUDENT'] },
  { local: 'hs.giang', name: 'Hoàng Hương Giang', roles: ['STUDENT'] },
  { local: 'hs.khoa', name: 'Vũ Đăng Khoa', roles: ['STUDENT'] },
];

export const demoEmail = (local: string) => `${local}@${DEMO_DOMAIN}`;

/** Seeds the demo school once; later starts find the marker and leave the data alone. */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx.select().from(appSettings).where(eq(appSettings.key, SEEDED_KEY)).limit(1);
    if (done.length) return false;
    for (const p of [...DEMO_STAFF, ...DEMO_STUDENTS]) {
      await insertUser(tx, {
        email: demoEmail(p.local),
        displayName: p.name,
        roles: p.roles.map((role, i) => ({ role, isPrimary: i === 0 })),
      });
    }
    await tx.insert(appSettings).values({ key: SEEDED_KEY, value: { at: new Date().toISOString(), version: 1 } });
    await insertAudit(tx, { actorId: null, action: 'seed', entity: 'demo', after: { users: DEMO_STAFF.length + DEMO_STUDENTS.length } });
    return true;
  });
}
