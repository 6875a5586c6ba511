/**
 * Finding the trailer dictionaries (ISO 32000-1 §7.5.5, §7.5.8): by startxref and /Prev, or by a
 * scan of a damaged file.
 */
import { MAX_SECTIONS, type PdfFile } from './file.ts';
import { isWordByte, PdfFormatError, type PdfValue, WHITESPACE } from './objects.ts';

/** The trailer dictionary of the cross-reference section at this offset: a table's or a stream's. */
function sectionAt(file: PdfFile, offset: number): Map<string, PdfValue> | undefined {
  if (!Number.isSafeInteger(offset) || offset < 0 || offset >= file.bytes.length) return undefined;
  try {
    file.charge(64);
    const head = /^\s*(xref\b|\d+\s+\d+\s+obj)/.exec(file.bytes.toString('latin1', offset, offset + 64));
    if (!head?.[1]) return undefined;
    if (head[1] === 'xref') {
      const keyword = file.trailerKeywordAfter(offset);
      return keyword === undefined ? undefined : file.dictionaryAt(keyword);
    }
    return file.dictionaryAt(offset + head[0].length);
  } catch (error) {
    if (error instanceof PdfFormatError && error.message.startsWith('too much work')) throw error;
    return undefined;
  }
}

/**
 * Where a damaged file's trailers may start, newest first: after each "trailer" keyword, and at
 * each "obj" that opens a cross-reference stream (a "/Type /XRef" within 4096 bytes after it).
 * "/XRef" and "obj" are found by two forward scans advanced in step, so nothing is searched twice.
 */
function candidateSections(file: PdfFile): number[] {
  const { bytes } = file;
  const streams: number[] = [];
  let lastObj = -1;
  let nextObj = file.find('obj', 0);
  for (let at = file.find('/XRef', 0); at >= 0; at = file.find('/XRef', at + 5)) {
    while (nextObj >= 0 && nextObj < at) {
      lastObj = nextObj;
      nextObj = file.find('obj', nextObj + 3);
    }
    if (isWordByte(bytes[at + 5])) continue;
    // "/Type", then optional white space, just before.
    let before = at;
    while (before > 0 && at - before < 32 && WHITESPACE.has(bytes[before - 1] as number)) before -= 1;
    file.charge(at - before + 5);
    if (before < 5 || bytes.toString('latin1', before - 5, before) !== '/Type') continue;
    if (lastObj >= 0 && at - lastObj < 4096 && streams.at(-1) !== lastObj + 3) streams.push(lastObj + 3);
  }
  // Both lists are in file order: only their newest ends are sorted together.
  const starts = [...file.trailerKeywords().slice(-MAX_SECTIONS), ...streams.slice(-MAX_SECTIONS)];
  return [...new Set(starts)].sort((a, b) => b - a).slice(0, MAX_SECTIONS);
}

/**
 * The trailer dictionaries, newest first: the one startxref points at and those of earlier
 * revisions (/Prev), at most MAX_SECTIONS. When startxref leads nowhere (a damaged file), the
 * newest MAX_SECTIONS trailers and cross-reference stream dictionaries in the file.
 */
export function* trailers(file: PdfFile): Generator<Map<string, PdfValue>> {
  const tailStart = Math.max(0, file.bytes.length - 1024);
  file.charge(file.bytes.length - tailStart);
  const startxref = /startxref\s+(\d+)\s*(?:%%EOF)?\s*$/.exec(file.bytes.toString('latin1', tailStart));
  let dict = startxref ? sectionAt(file, Number(startxref[1])) : undefined;
  if (dict) {
    const seen = new Set<number>();
    while (dict) {
      yield dict;
      const prev = dict.get('Prev');
      if (prev?.kind !== 'number' || seen.has(prev.value) || seen.size + 1 >= MAX_SECTIONS) return;
      seen.add(prev.value);
      dict = sectionAt(file, prev.value);
    }
    return;
  }
  for (const at of candidateSections(file)) {
    try {
      yield file.dictionaryAt(at);
    } catch (error) {
      if (error instanceof PdfFormatError && error.message.startsWith('too much work')) throw error;
    }
  }
}
