import type { ReactNode } from 'react';
import { FileUp, Plus } from 'lucide-react';
import { Button } from '../ui/button';
import { ExportButton } from './export-button';

/**
 * A list toolbar's usual buttons: "Xuất Excel" (the list's filters), "Nhập Excel" when `onImport`
 * is given, then "{addLabel}" when `onAdd` is (a reader who may not write gets the export alone).
 * `children` come first (e.g. a MenuButtonList of imports).
 *
 *   <ListToolbar actions={<ListActions path={PATH} params={list.exportParams} addLabel="Thêm cơ sở" onAdd={dialogs.openCreate} />}>
 */
export function ListActions({
  path,
  params,
  filename,
  onImport,
  addLabel,
  onAdd,
  children,
}: {
  /** The list's path; the export is `GET <path>/export`. */
  path: string;
  params?: Record<string, string>;
  filename?: string;
  onImport?: () => void;
  addLabel: string;
  /** Absent: no add button (the user may only read). */
  onAdd?: () => void;
  children?: ReactNode;
}) {
  return (
    <>
      {children}
      <ExportButton path={path} params={params} filename={filename} />
      {onImport ? (
        <Button variant="secondary" onClick={onImport}>
          <FileUp aria-hidden="true" className="size-4" />
          Nhập Excel
        </Button>
      ) : null}
      {onAdd ? (
        <Button onClick={onAdd}>
          <Plus aria-hidden="true" className="size-4" />
          {addLabel}
        </Button>
      ) : null}
    </>
  );
}
