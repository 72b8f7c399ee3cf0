/** One operator as read from a file, before validation: its fields, or why the line could not be read. */
export type SourceRow = { line: number; record: Record<string, unknown> } | { line: number; broken: string };
