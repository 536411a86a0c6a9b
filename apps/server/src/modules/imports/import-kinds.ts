import type { ImportKind } from './import-kind';

/** Every importable kind; each area adds its definition here. */
export const importKinds: ImportKind<any>[] = [];
