import { vietnameseNameSortKey } from '@app/shared/vietnamese';
import { searchText } from '@/lib/list';

/** The columns a student or teacher record derives from its code, name and e-mail (search and name order). */
export function personDerived(code: string, fullName: string, email: string | null) {
  return { searchText: searchText(code, fullName, email), sortKey: vietnameseNameSortKey(fullName) };
}
