import type { TMyRound, TOffer, TRegistration, TRound, TRoundDetail } from '@app/shared/registration';

/** An offered class as the server sends it (a student's offers add `clashesWith`). */
export function makeOffer(id: number, over: Partial<TOffer & { clashesWith: string[] }> = {}): TOffer & { clashesWith: string[] } {
  return {
    courseClassId: id,
    code: `CC${id}`,
    name: `Toán 10A${id}`,
    subjectId: 1,
    subjectName: 'Toán',
    grade: 10,
    campusName: 'Cơ sở 1',
    teachers: ['Nguyễn Thị Lan'],
    capacity: 30,
    taken: 25,
    waiting: 0,
    compulsory: false,
    groupId: null,
    lessons: [{ day: 1, period: 1, length: 2, roomCode: 'A101' }],
    clashesWith: [],
    ...over,
  };
}

export function makeRegistration(courseClassId: number, over: Partial<TRegistration> = {}): TRegistration {
  return {
    id: 900 + courseClassId,
    roundId: 7,
    studentId: 5001,
    studentCode: 'HS5001',
    studentName: 'Nguyễn Văn An',
    homeroomClassName: '10A1',
    courseClassId,
    status: 'registered',
    position: null,
    createdAt: '2025-08-20T01:00:00Z',
    ...over,
  };
}

export function makeRound(over: Partial<TRound> = {}): TRound {
  return {
    id: 7,
    moduleId: 3,
    name: 'Đăng ký HK1 khối 10',
    opensAt: '2025-08-20T01:00:00Z',
    closesAt: '2025-08-25T10:00:00Z',
    grades: [10],
    maxClasses: 4,
    noClash: true,
    waitlist: true,
    state: 'open',
    closedAt: null,
    offerCount: 3,
    seats: 90,
    taken: 60,
    waiting: 2,
    updatedAt: '2025-08-19T00:00:00Z',
    ...over,
  };
}

export function makeMyRound(over: Partial<TMyRound> = {}): TMyRound {
  return {
    ...makeRound(),
    groups: [],
    offers: [makeOffer(11), makeOffer(12, { lessons: [{ day: 2, period: 3, length: 1, roomCode: 'B202' }] })],
    mine: [],
    others: [],
    rules: { met: false, problems: ['Cần chọn thêm 1 lớp trong nhóm Tự chọn A'] },
    now: '2025-08-22T10:00:00Z',
    ...over,
  };
}

export function makeRoundDetail(over: Partial<TRoundDetail> = {}): TRoundDetail {
  return {
    ...makeRound(),
    groups: [],
    offers: [makeOffer(11), makeOffer(12, { subjectId: 2, subjectName: 'Ngữ văn', name: 'Ngữ văn 10A2', taken: 30, waiting: 4 })].map(
      ({ clashesWith: _c, ...o }) => o,
    ),
    unmetCount: 12,
    studentCount: 120,
    ...over,
  };
}
