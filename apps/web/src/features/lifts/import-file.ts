import { IMPORT_EXTENSIONS } from '@liftguard/contract/registry/import';

/** Whether a file name has one of the accepted import extensions (csv, xlsx, xls); the server checks again (4048). */
export function isImportFile(name: string): boolean {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return name.includes('.') && (IMPORT_EXTENSIONS as readonly string[]).includes(ext);
}

export const IMPORT_ACCEPT = IMPORT_EXTENSIONS.map((e) => `.${e}`).join(',');
