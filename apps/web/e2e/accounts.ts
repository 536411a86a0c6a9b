import type { TRole } from '@app/shared/roles';

/** Every demo account on the login page (apps/server/src/seed/demo-accounts.ts), first role primary, and one student. */
export const DEMO_ACCOUNTS: ReadonlyArray<{ local: string; roles: TRole[] }> = [
  { local: 'quantri', roles: ['ADMIN'] },
  { local: 'hieutruong', roles: ['PRINCIPAL'] },
  { local: 'giaovu', roles: ['ACADEMIC_AFFAIR'] },
  { local: 'dbcl', roles: ['QUALITY_ASSURANCE'] },
  { local: 'totruong.ly', roles: ['HEAD_DEPARTMENT', 'TEACHER'] },
  { local: 'gv.toan', roles: ['TEACHER', 'HEAD_DEPARTMENT', 'HOMEROOM_TEACHER'] },
  { local: 'gv.van', roles: ['TEACHER', 'DECLARATION'] },
  { local: 'gv.anh', roles: ['TEACHER'] },
  { local: 'gvcn.hoa', roles: ['HOMEROOM_TEACHER', 'TEACHER'] },
  { local: 'khaibao.sinh', roles: ['DECLARATION', 'TEACHER'] },
  { local: 'ketoan', roles: ['ACCOUNTANT'] },
  { local: 'csvc', roles: ['FACILITY_MANAGER'] },
  { local: 'hs.an', roles: ['STUDENT'] },
];
