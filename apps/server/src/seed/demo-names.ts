import { foldVietnamese } from '@app/shared/vietnamese';

/**
 * Deterministic randomness for the demo school: the same seed gives the same school on every
 * machine, so screenshots, tests and bug reports all talk about the same people.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  int(minInclusive: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
}

/** mulberry32: tiny, fast and good enough for picking names. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)],
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}

// Family names weighted roughly by how common they are in Vietnam (Nguyễn ≈ 38 %).
const FAMILY: Array<[string, number]> = [
  ['Nguyễn', 38],
  ['Trần', 11],
  ['Lê', 9.5],
  ['Phạm', 7],
  ['Hoàng', 3],
  ['Huỳnh', 2],
  ['Phan', 4.5],
  ['Vũ', 2.5],
  ['Võ', 1.5],
  ['Đặng', 2.1],
  ['Bùi', 2],
  ['Đỗ', 1.4],
  ['Hồ', 1.3],
  ['Ngô', 1.3],
  ['Dương', 1],
  ['Lý', 0.5],
  ['Đinh', 0.8],
  ['Trương', 0.8],
  ['Lâm', 0.5],
  ['Mai', 0.5],
  ['Đoàn', 0.6],
  ['Lương', 0.5],
  ['Cao', 0.5],
  ['Tạ', 0.3],
  ['Hà', 0.5],
];
const FAMILY_TOTAL = FAMILY.reduce((s, [, w]) => s + w, 0);

const MIDDLE = {
  male: [
    'Văn',
    'Minh',
    'Đức',
    'Quang',
    'Gia',
    'Hoàng',
    'Anh',
    'Tuấn',
    'Hữu',
    'Thành',
    'Công',
    'Ngọc',
    'Trung',
    'Đăng',
    'Bảo',
    'Nhật',
    'Xuân',
    'Quốc',
  ],
  female: [
    'Thị',
    'Ngọc',
    'Thu',
    'Minh',
    'Phương',
    'Khánh',
    'Bảo',
    'Thanh',
    'Hoài',
    'Hà',
    'Thùy',
    'Diệu',
    'Mai',
    'Quỳnh',
    'Hải',
    'Kim',
    'Tường',
    'Lan',
  ],
} as const;

const GIVEN = {
  male: [
    'An',
    'Bình',
    'Dũng',
    'Huy',
    'Khoa',
    'Long',
    'Minh',
    'Nam',
    'Phúc',
    'Quân',
    'Sơn',
    'Thắng',
    'Trung',
    'Tùng',
    'Việt',
    'Vinh',
    'Hiếu',
    'Đạt',
    'Duy',
    'Khang',
    'Kiên',
    'Lâm',
    'Nhật',
    'Phong',
    'Tài',
    'Thịnh',
    'Tuấn',
    'Hưng',
    'Hải',
    'Đức',
    'Khải',
    'Quang',
    'Hoàng',
    'Bảo',
    'Thiện',
  ],
  female: [
    'Anh',
    'Châu',
    'Chi',
    'Diệp',
    'Giang',
    'Hà',
    'Hân',
    'Hằng',
    'Hoa',
    'Hương',
    'Lan',
    'Linh',
    'Ly',
    'Mai',
    'My',
    'Ngân',
    'Ngọc',
    'Nhi',
    'Nhung',
    'Oanh',
    'Phương',
    'Quỳnh',
    'Thảo',
    'Thư',
    'Trang',
    'Trâm',
    'Uyên',
    'Vy',
    'Yến',
    'Vân',
    'Khánh',
    'Tâm',
    'Hạnh',
    'Dung',
    'Như',
  ],
} as const;

export type Gender = 'male' | 'female';

function family(rng: Rng): string {
  let r = rng.next() * FAMILY_TOTAL;
  for (const [name, w] of FAMILY) {
    r -= w;
    if (r < 0) return name;
  }
  return FAMILY[0][0];
}

/** Two-word middle names as people actually have them ("Thị Thu", "Gia Bảo"), never random pairs. */
const DOUBLE_MIDDLE = {
  male: ['Văn Minh', 'Minh Đức', 'Gia Bảo', 'Hoàng Gia', 'Quang Minh', 'Nhật Minh', 'Hữu Minh', 'Đức Anh', 'Đăng Minh', 'Xuân Quang'],
  female: ['Thị Thu', 'Thị Ngọc', 'Thị Thanh', 'Thị Kim', 'Thị Minh', 'Thị Hoài', 'Thị Mai', 'Ngọc Bảo', 'Ngọc Khánh', 'Thị Phương'],
} as const;

/** "Nguyễn Thị Thu Hà": family, a middle name (sometimes two), given name. */
export function vietnameseName(rng: Rng, gender: Gender): string {
  const fam = family(rng);
  for (;;) {
    const middle = (rng.next() < 0.2 ? rng.pick(DOUBLE_MIDDLE[gender]) : rng.pick(MIDDLE[gender])).split(' ');
    const given = rng.pick(GIVEN[gender]);
    // "Minh Minh", "Hà Hà Phương": pick again rather than produce a name nobody has.
    const words = [fam, ...middle, given];
    if (new Set(words).size === words.length) return words.join(' ');
  }
}

/**
 * The local part schools build from a name: given name then the family and middle initials,
 * "Nguyễn Thị Lan" → "lannt". Folded to plain ASCII so it is a valid address.
 */
export function emailLocal(fullName: string): string {
  const words = foldVietnamese(fullName).split(' ');
  const given = words[words.length - 1];
  return `${given}${words
    .slice(0, -1)
    .map((w) => w[0])
    .join('')}`.replace(/[^a-z0-9]/g, '');
}

/** A date in the given year, as YYYY-MM-DD (days 1–28 so every month is valid). */
export function birthDate(rng: Rng, year: number): string {
  const m = rng.int(1, 12);
  const d = rng.int(1, 28);
  return `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
