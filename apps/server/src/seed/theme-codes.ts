import { eq, sql } from 'drizzle-orm';
import { uniqueKeywords } from '@app/shared/theme-codes';
import { queryRows, type Db, type DbOrTx } from '../db/client';
import { appSettings } from '../db/schema/settings';
import { insertAudit } from '../plugins/audit.repository';

/**
 * A starting set of themes and codes for the analysis of students' comments, so a new school can run
 * "Phân tích" at once and then adapt the list. Keywords are matched as whole words with or without
 * diacritics, so one spelling covers both; they include the way students actually write ("ko hiểu",
 * "bt nhiều", "LMS lỗi"). A code may sit in one theme here; people can add it to others.
 */
export interface SeedCode {
  name: string;
  description?: string;
  keywords: string[];
}
export interface SeedTheme {
  name: string;
  description: string;
  codes: SeedCode[];
}

export const THEME_SEED: SeedTheme[] = [
  {
    name: 'Phương pháp giảng dạy',
    description: 'Cách thầy cô truyền đạt bài học: dễ hiểu hay khó hiểu, tốc độ, ví dụ, sự tương tác.',
    codes: [
      {
        name: 'Giảng dễ hiểu',
        keywords: [
          'giảng dễ hiểu',
          'dạy dễ hiểu',
          'giảng bài dễ hiểu',
          'dễ hiểu',
          'giảng hay',
          'dạy hay',
          'giảng rõ ràng',
          'giải thích rõ',
          'giải thích kỹ',
          'truyền đạt tốt',
          'dạy rất hay',
          'bài giảng hay',
        ],
      },
      {
        name: 'Giảng khó hiểu',
        keywords: [
          'khó hiểu',
          'không hiểu',
          'ko hiểu',
          'k hiểu',
          'chưa hiểu',
          'giảng khó hiểu',
          'dạy khó hiểu',
          'giảng chưa rõ',
          'giải thích chưa rõ',
          'khó tiếp thu',
          'không theo kịp',
          'ko theo kịp',
        ],
      },
      {
        name: 'Tốc độ giảng nhanh',
        keywords: [
          'nói nhanh',
          'giảng nhanh',
          'dạy nhanh',
          'dạy hơi nhanh',
          'giảng hơi nhanh',
          'tốc độ nhanh',
          'chạy bài',
          'đi nhanh quá',
          'giảng chậm lại',
          'nói chậm lại',
          'giảng chậm hơn',
        ],
      },
      {
        name: 'Ví dụ và liên hệ thực tế',
        keywords: ['ví dụ', 'thực tế', 'liên hệ thực tế', 'ứng dụng thực tế', 'thêm ví dụ', 'nhiều ví dụ', 'bài tập mẫu', 'minh họa'],
      },
      {
        name: 'Tương tác và thảo luận',
        keywords: [
          'tương tác',
          'thảo luận',
          'hoạt động nhóm',
          'làm việc nhóm',
          'trò chơi',
          'sôi nổi',
          'đặt câu hỏi',
          'phát biểu',
          'nhàm chán',
          'buồn ngủ',
          'đọc chép',
          'đọc slide',
        ],
      },
    ],
  },
  {
    name: 'Thái độ giáo viên',
    description: 'Sự tận tâm, thân thiện, tôn trọng học sinh và sẵn sàng hỗ trợ.',
    codes: [
      {
        name: 'Nhiệt tình, tận tâm',
        keywords: [
          'nhiệt tình',
          'tận tâm',
          'tận tình',
          'chu đáo',
          'có tâm',
          'tâm huyết',
          'quan tâm học sinh',
          'quan tâm hs',
          'hỗ trợ nhiệt tình',
        ],
      },
      {
        name: 'Thân thiện, gần gũi',
        keywords: ['thân thiện', 'gần gũi', 'vui tính', 'dễ thương', 'hài hước', 'dễ gần', 'cởi mở', 'vui vẻ'],
      },
      {
        name: 'Nghiêm khắc, khó gần',
        keywords: ['nghiêm khắc', 'khó tính', 'khó gần', 'la mắng', 'hay mắng', 'quát mắng', 'nặng lời', 'gắt gỏng', 'áp đặt'],
      },
      {
        name: 'Công bằng, tôn trọng',
        keywords: ['công bằng', 'tôn trọng', 'thiên vị', 'không công bằng', 'ko công bằng', 'phân biệt đối xử', 'lắng nghe'],
      },
      {
        name: 'Hỗ trợ ngoài giờ',
        keywords: ['hỗ trợ ngoài giờ', 'giải đáp thắc mắc', 'trả lời tin nhắn', 'hỏi bài', 'nhắn tin hỏi', 'phụ đạo', 'ngoài giờ'],
      },
    ],
  },
  {
    name: 'Khối lượng bài tập / áp lực',
    description: 'Lượng bài tập, thời gian làm bài, áp lực học tập.',
    codes: [
      {
        name: 'Bài tập nhiều',
        keywords: [
          'bài tập nhiều',
          'nhiều bài tập',
          'bt nhiều',
          'nhiều bt',
          'bài tập về nhà nhiều',
          'giao nhiều bài',
          'quá nhiều bài',
          'khối lượng bài tập lớn',
          'quá tải',
          'làm không kịp',
          'ko kịp',
        ],
      },
      {
        name: 'Áp lực, căng thẳng',
        keywords: ['áp lực', 'stress', 'căng thẳng', 'mệt mỏi', 'mệt', 'thức khuya', 'không có thời gian', 'ko có thời gian', 'nặng nề'],
      },
      {
        name: 'Hạn nộp gấp',
        keywords: ['hạn nộp', 'deadline', 'gấp quá', 'nộp gấp', 'dồn bài', 'dồn deadline', 'thời hạn ngắn'],
      },
      {
        name: 'Bài tập vừa sức',
        keywords: ['vừa sức', 'bài tập vừa phải', 'hợp lý', 'bài tập hay', 'bài tập bổ ích'],
      },
    ],
  },
  {
    name: 'Cơ sở vật chất',
    description: 'Phòng học, thiết bị, âm thanh ánh sáng, nhà vệ sinh, căng tin.',
    codes: [
      {
        name: 'Phòng học nóng, chật',
        keywords: [
          'phòng nóng',
          'lớp nóng',
          'nóng quá',
          'nóng bức',
          'phòng chật',
          'lớp chật',
          'quạt',
          'quạt hỏng',
          'thiếu quạt',
          'điều hòa',
          'máy lạnh',
          'ngột ngạt',
        ],
      },
      {
        name: 'Máy chiếu, thiết bị',
        keywords: ['máy chiếu', 'tivi', 'ti vi', 'màn hình', 'loa', 'micro', 'mic', 'thiết bị', 'bảng mờ', 'ổ cắm'],
      },
      {
        name: 'Wifi, internet',
        keywords: ['wifi', 'wi fi', 'mạng yếu', 'mạng chậm', 'internet', 'mất mạng', 'không có mạng', 'ko có mạng'],
      },
      {
        name: 'Vệ sinh, căng tin',
        keywords: ['nhà vệ sinh', 'nhà vs', 'wc', 'toilet', 'căng tin', 'canteen', 'mất vệ sinh', 'rác'],
      },
      {
        name: 'Phòng thí nghiệm, phòng máy',
        keywords: ['phòng thí nghiệm', 'phòng thực hành', 'dụng cụ thí nghiệm', 'hóa chất', 'phòng máy', 'máy tính hỏng', 'máy tính cũ'],
      },
    ],
  },
  {
    name: 'Kiểm tra đánh giá',
    description: 'Đề kiểm tra, chấm điểm, nhận xét và công bằng trong đánh giá.',
    codes: [
      {
        name: 'Đề kiểm tra khó',
        keywords: [
          'đề khó',
          'đề kiểm tra khó',
          'đề thi khó',
          'kiểm tra khó',
          'đề quá khó',
          'đề quá dài',
          'không đủ thời gian làm bài',
          'ko đủ thời gian',
        ],
      },
      {
        name: 'Đề lệch nội dung học',
        keywords: ['đề lệch', 'ra đề ngoài', 'không có trong bài', 'chưa học', 'ngoài chương trình', 'không sát', 'lệch với bài học'],
      },
      {
        name: 'Chấm điểm',
        keywords: [
          'chấm điểm',
          'chấm bài',
          'chấm chặt',
          'chấm khắt khe',
          'chấm gắt',
          'chấm lỏng',
          'điểm thấp',
          'trừ điểm',
          'chấm chậm',
          'trả bài chậm',
          'chưa trả bài',
        ],
      },
      {
        name: 'Nhận xét, phản hồi bài làm',
        keywords: ['nhận xét', 'phản hồi', 'chữa bài', 'chữa kỹ', 'sửa bài', 'góp ý bài làm', 'đáp án', 'giải thích đáp án'],
      },
    ],
  },
  {
    name: 'LMS / học trực tuyến',
    description: 'Hệ thống học tập trực tuyến (LMS), nộp bài và tài liệu trên mạng.',
    codes: [
      {
        name: 'LMS lỗi',
        keywords: [
          'LMS lỗi',
          'lỗi LMS',
          'LMS bị lỗi',
          'LMS hay lỗi',
          'LMS lag',
          'LMS chậm',
          'web lỗi',
          'trang web lỗi',
          'hệ thống lỗi',
          'đăng nhập không được',
          'ko đăng nhập được',
          'không đăng nhập được',
        ],
      },
      {
        name: 'Không nộp được bài',
        keywords: [
          'không nộp được bài',
          'ko nộp được bài',
          'k nộp được bài',
          'không nộp được',
          'ko nộp được',
          'nộp bài lỗi',
          'lỗi nộp bài',
          'mất bài',
          'không tải lên được',
          'upload lỗi',
        ],
      },
      {
        name: 'Tài liệu trực tuyến',
        keywords: ['tài liệu', 'slide', 'bài giảng trên LMS', 'video bài giảng', 'học liệu', 'tài liệu tham khảo', 'file bài giảng'],
      },
      {
        name: 'Bài tập và kiểm tra trực tuyến',
        keywords: [
          'bài tập trên LMS',
          'bài tập online',
          'kiểm tra online',
          'kiểm tra trực tuyến',
          'quiz',
          'trắc nghiệm online',
          'làm bài online',
        ],
      },
      {
        name: 'Học trực tuyến',
        keywords: ['học online', 'học trực tuyến', 'zoom', 'google meet', 'meet', 'học qua mạng'],
      },
    ],
  },
];

const SEEDED_KEY = 'theme_codes_seeded';

/**
 * Adds the starting themes and codes once per database (a marker in app_settings), so a school that
 * later deletes or renames them does not get them back. Names that already exist are left alone.
 * Answers whether it ran.
 */
export async function seedThemeCodes(db: DbOrTx): Promise<boolean> {
  const run = async (tx: DbOrTx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed-theme-codes'))`);
    const done = await tx.select().from(appSettings).where(eq(appSettings.key, SEEDED_KEY)).limit(1);
    if (done.length) return false;
    let themes = 0;
    let codes = 0;
    for (const t of THEME_SEED) {
      const [theme] = await queryRows<{ id: number }>(
        tx,
        sql`insert into themes (name, description) values (${t.name}, ${t.description}) on conflict do nothing returning id`,
      );
      if (theme) themes++;
      const themeId =
        theme?.id ?? (await queryRows<{ id: number }>(tx, sql`select id from themes where lower(name) = lower(${t.name})`))[0]?.id;
      // The theme's codes in one statement each for codes and links (a name taken already is skipped).
      const list = t.codes.map((c, i) => ({ i, name: c.name, description: c.description ?? null, keywords: uniqueKeywords(c.keywords) }));
      const added = await queryRows<{ id: number }>(
        tx,
        sql`insert into codes (name, description, keywords)
            select x.name, x.description, x.keywords from jsonb_to_recordset(${JSON.stringify(list)}::jsonb)
              as x(i int, name text, description text, keywords jsonb) order by x.i
            on conflict do nothing returning id`,
      );
      codes += added.length;
      if (themeId && added.length)
        await tx.execute(sql`insert into theme_codes (theme_id, code_id)
          select ${themeId}, id from unnest(${`{${added.map((c) => c.id).join(',')}}`}::int[]) as id order by id on conflict do nothing`);
    }
    await tx.insert(appSettings).values({ key: SEEDED_KEY, value: { at: new Date().toISOString(), themes, codes } });
    await insertAudit(tx, { actorId: null, action: 'create', entity: 'theme_codes_seed', after: { themes, codes } });
    return true;
  };
  // Inside the demo seed's transaction this is a savepoint; at start-up its own transaction.
  return (db as Db).transaction(run);
}
